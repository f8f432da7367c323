// Signing out, shared by the header and My Account: the server revokes
// the session, then the browser forgets it (even if the call failed, so a
// visitor is never stuck signed in), and the drafts of forms are forgotten.
import { api } from './api';
import { clearAllDrafts } from './drafts';
import { clearSession, getToken } from './session';

export async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await api('/users/logout', { method: 'POST' });
    } catch {
      /* the session is cleared locally either way */
    }
  }
  // Drafts of forms stay with the person, not with the next one at this computer.
  clearAllDrafts();
  clearSession();
}
