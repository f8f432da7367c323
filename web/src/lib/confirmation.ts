// The confirmation a sent form leaves behind: what was received, its
// reference, when, and where the acknowledgement went. The form stores it
// in the browser; the panel shows it on every page until it is closed.
import { CONFIRMATION_EVENT, CONFIRMATION_KEY } from '@/components/lazy-confirmation';

export type ConfirmationKind = 'volunteer' | 'host' | 'contact' | 'disciple' | 'donation';

export interface Confirmation {
  kind: ConfirmationKind;
  reference: string;
  receivedAt: string; // RFC 3339, from the server
  email?: string; // where the acknowledgement was sent, when one was
}

/** The answer of a form's POST: its reference and when it arrived. */
export interface Received {
  message?: string;
  reference?: string;
  receivedAt?: string;
}

const KINDS: ConfirmationKind[] = ['volunteer', 'host', 'contact', 'disciple', 'donation'];

/** keepConfirmation stores the confirmation of a sent form and shows it.
 * An answer without a reference (an older server) leaves nothing. */
export function keepConfirmation(kind: ConfirmationKind, res: Received, email?: string): void {
  if (!res.reference) return;
  const c: Confirmation = { kind, reference: res.reference, receivedAt: res.receivedAt || new Date().toISOString() };
  if (email?.trim()) c.email = email.trim();
  try {
    localStorage.setItem(CONFIRMATION_KEY, JSON.stringify(c));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CONFIRMATION_EVENT));
}

/** readConfirmation returns the waiting confirmation, or null. */
export function readConfirmation(): Confirmation | null {
  try {
    const raw = localStorage.getItem(CONFIRMATION_KEY);
    if (!raw) return null;
    const c = JSON.parse(raw) as Partial<Confirmation>;
    if (!c || typeof c.reference !== 'string' || typeof c.receivedAt !== 'string' || !KINDS.includes(c.kind as ConfirmationKind)) return null;
    return c as Confirmation;
  } catch {
    return null;
  }
}

/** closeConfirmation forgets the waiting confirmation. */
export function closeConfirmation(): void {
  try {
    localStorage.removeItem(CONFIRMATION_KEY);
  } catch {
    /* nothing kept */
  }
  window.dispatchEvent(new Event(CONFIRMATION_EVENT));
}
