// The confirmation a sent form leaves behind: what was received, its
// reference, when, and where the acknowledgement went. The form stores it
// in the browser; the panel shows it on every page until it is closed
// (reading it back: confirmation-read.ts, which the forms do not load).
//
// A temple office's computer is shared, so a confirmation does not outlast
// the person who made it: it is kept in the tab's session storage (gone
// when the browser or tab is closed), for a day at most, and one made while
// signed in ends when that account signs out (or another signs in). Where
// the acknowledgement went (an email address) is kept only for a signed-in
// person and shown only to them: a signed-out visitor never sees one.
import { getUser } from '@/lib/session';

/** The browser storage key of the waiting confirmation, and the window
 * event a form raises when it has stored one. */
export const CONFIRMATION_KEY = 'spdc:confirmation';
export const CONFIRMATION_EVENT = 'spdc:confirmation';

/** CONFIRMATION_TTL_MS is how long a confirmation lasts at most: a day. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

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

/** What is stored: the confirmation, when the browser kept it, and the
 * account signed in then (none for a visitor). */
export interface Kept extends Confirmation {
  keptAt: number;
  owner?: string;
}

/** The answer of a form's POST: its reference and when it arrived. */
export interface Received {
  message?: string;
  reference?: string;
  receivedAt?: string;
}

export const SUBMISSIONS: ConfirmationKind[] = ['volunteer', 'host', 'contact', 'disciple', 'donation'];

/** keepConfirmation stores the confirmation of a sent form and shows it.
 * A submission answered without a reference (an older server) leaves
 * nothing. The email is kept only when someone is signed in. */
export function keepConfirmation(kind: ConfirmationKind, res: Received = {}, email?: string): void {
  if (!res.reference && SUBMISSIONS.includes(kind)) return;
  const owner = getUser()?._id;
  const c: Kept = { kind, receivedAt: res.receivedAt || new Date().toISOString(), keptAt: Date.now() };
  if (res.reference) c.reference = res.reference;
  if (owner) {
    c.owner = owner;
    if (email?.trim()) c.email = email.trim();
  }
  try {
    localStorage.removeItem(CONFIRMATION_KEY); // where older versions kept it
    sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify(c));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CONFIRMATION_EVENT));
}
