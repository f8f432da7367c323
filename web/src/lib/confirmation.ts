// The confirmation a sent form leaves behind: what was received, its
// reference, when, and where the acknowledgement went. The form stores it
// in the browser; the panel shows it on every page until it is closed.
import { CONFIRMATION_EVENT, CONFIRMATION_KEY } from '@/components/lazy-confirmation';

/** The forms that make a submission with its own reference. */
export type SubmissionKind = 'volunteer' | 'host' | 'contact' | 'disciple' | 'donation';
/** The other successes that leave a confirmation: an account made, a
 * reset link asked for, a password changed by a reset link or in My
 * Account, a temple president's confirmation (approved, or waiting for an
 * admin's review). */
export type OtherKind = 'account' | 'reset-requested' | 'password' | 'password-change' | 'approval' | 'approval-review';
export type ConfirmationKind = SubmissionKind | OtherKind;

export interface Confirmation {
  kind: ConfirmationKind;
  /** reference: a submission's own; the other successes have none. */
  reference?: string;
  receivedAt: string; // RFC 3339, from the server
  email?: string; // where the acknowledgement was sent, when one was
}

/** The answer of a form's POST: its reference and when it arrived. */
export interface Received {
  message?: string;
  reference?: string;
  receivedAt?: string;
}

const SUBMISSIONS: ConfirmationKind[] = ['volunteer', 'host', 'contact', 'disciple', 'donation'];
const KINDS: ConfirmationKind[] = [...SUBMISSIONS, 'account', 'reset-requested', 'password', 'password-change', 'approval', 'approval-review'];

/** keepConfirmation stores the confirmation of a sent form and shows it.
 * A submission answered without a reference (an older server) leaves
 * nothing. */
export function keepConfirmation(kind: ConfirmationKind, res: Received = {}, email?: string): void {
  if (!res.reference && SUBMISSIONS.includes(kind)) return;
  const c: Confirmation = { kind, receivedAt: res.receivedAt || new Date().toISOString() };
  if (res.reference) c.reference = res.reference;
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
    if (!c || typeof c.receivedAt !== 'string' || !KINDS.includes(c.kind as ConfirmationKind)) return null;
    if (SUBMISSIONS.includes(c.kind as ConfirmationKind) ? typeof c.reference !== 'string' : c.reference !== undefined) return null;
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
