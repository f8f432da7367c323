// Prefilling a form from the signed-in visitor's profile (the
// volunteer and host forms). A failure is only logged: the visitor
// can always type the details.
import { useEffect, useRef } from 'react';
import { api } from './api';
import { useSession } from './session';

/** Profile is the part of GET /api/users/me that forms prefill from. */
export interface Profile {
  fullName?: string;
  email?: string;
  mobile?: string;
  address?: string;
}

/** useProfilePrefill calls apply with the profile once it has loaded,
 * whenever a session is present; label names the form in the log. */
export function useProfilePrefill(apply: (p: Profile) => void, label: string): void {
  const { token } = useSession();
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    api<Profile>('/users/me', { signal: ctrl.signal }).then(
      (p) => applyRef.current(p),
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) console.warn(`${label} prefill failed`, err);
      },
    );
    return () => ctrl.abort();
  }, [token, label]);
}
