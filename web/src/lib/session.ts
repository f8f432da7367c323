// The browser session: localStorage keys `token`
// and `user` (JSON with isAdmin), and a window event `authChanged` raised on
// every sign-in and sign-out.
import { useSyncExternalStore } from 'react';

export interface SessionUser {
  _id: string;
  fullName: string;
  email: string;
  mobile?: string;
  address?: string;
  createdAt?: string;
  isAdmin: boolean;
  /** emailVerified is whether the account has proved it owns its address. */
  emailVerified?: boolean;
  /** language is the account's language (en, hi or bn). */
  language?: string;
  /** roles are the person's staff roles (none for everyone else). */
  roles?: string[];
  /** permissions are what those roles allow, as the server declares them. */
  permissions?: string[];
}

/** can reports whether the signed-in person's roles allow perm. */
export function can(user: SessionUser | null, perm: string): boolean {
  return !!user && (user.permissions ?? []).includes(perm);
}

/** isStaff reports whether the person holds any staff role (an admin
 * signed in before roles existed has isAdmin alone). */
export function isStaff(user: SessionUser | null): boolean {
  return !!user && (user.isAdmin || can(user, 'staff'));
}

export const AUTH_CHANGED = 'authChanged';

export function getToken(): string | null {
  try {
    return localStorage.getItem('token');
  } catch {
    return null;
  }
}

export function getUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** setSession stores a new session and tells every listener. */
export function setSession(token: string, user: SessionUser): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

/** updateSessionUser replaces the stored user (after a profile edit). */
export function updateSessionUser(user: SessionUser): void {
  localStorage.setItem('user', JSON.stringify(user));
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

/** clearSession forgets the session locally and tells every listener. */
export function clearSession(): void {
  localStorage.removeItem('token');
  localStorage.removeItem('user');
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

let cached: Session = { token: null, user: null };
let cachedKey = '';

function snapshot(): Session {
  const token = getToken();
  const rawUser = (() => {
    try {
      return localStorage.getItem('user') ?? '';
    } catch {
      return '';
    }
  })();
  const key = `${token ?? ''}\u0000${rawUser}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cached = { token, user: getUser() };
  }
  return cached;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(AUTH_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(AUTH_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** useSession re-renders its component whenever the session changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, () => ({ token: null, user: null }));
}
