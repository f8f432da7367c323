// Signing out, shared by the header and My Account: the server revokes
// the session, then the browser forgets it (even if the call failed, so a
// visitor is never stuck signed in).
import { api } from './api';
import { clearSession, getToken } from './session';

export async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await api('/users/logout', { method: 'POST' });
    } catch {
      /* the session is cleared locally either way */
    }
  }
  clearSession();
}
