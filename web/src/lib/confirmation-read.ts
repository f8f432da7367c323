// Reading back the confirmation a sent form left (lib/confirmation.ts
// says what it is and how long it lasts): the panel that shows it, and
// the pages that close it.
import { getUser } from '@/lib/session';
import { CONFIRMATION_EVENT, CONFIRMATION_KEY, CONFIRMATION_TTL_MS, SUBMISSIONS, type Confirmation, type ConfirmationKind, type Kept } from './confirmation';

const KINDS: ConfirmationKind[] = [...SUBMISSIONS, 'account', 'reset-requested', 'password', 'password-change', 'approval', 'approval-review'];

/** keptConfirmation returns the stored text of the waiting confirmation,
 * or null; one that has ended (a day old, or its account no longer signed
 * in) is forgotten on the way. */
export function keptConfirmation(): string | null {
  try {
    localStorage.removeItem(CONFIRMATION_KEY); // a confirmation older versions kept until closed
    const raw = sessionStorage.getItem(CONFIRMATION_KEY);
    if (!raw) return null;
    const c = JSON.parse(raw) as Partial<Kept> | null;
    const age = Date.now() - (typeof c?.keptAt === 'number' ? c.keptAt : 0);
    const owner = typeof c?.owner === 'string' ? c.owner : undefined;
    if (age < 0 || age > CONFIRMATION_TTL_MS || owner !== getUser()?._id) {
      sessionStorage.removeItem(CONFIRMATION_KEY);
      return null;
    }
    return raw;
  } catch {
    return null;
  }
}

/** readConfirmation returns the waiting confirmation, or null. */
export function readConfirmation(): Confirmation | null {
  try {
    const raw = keptConfirmation();
    if (!raw) return null;
    const c = JSON.parse(raw) as Partial<Kept>;
    if (!c || typeof c.receivedAt !== 'string' || !KINDS.includes(c.kind as ConfirmationKind)) return null;
    if (SUBMISSIONS.includes(c.kind as ConfirmationKind) ? typeof c.reference !== 'string' : c.reference !== undefined) return null;
    const out: Confirmation = { kind: c.kind as ConfirmationKind, receivedAt: c.receivedAt };
    if (c.reference !== undefined) out.reference = c.reference;
    if (typeof c.email === 'string' && c.owner) out.email = c.email;
    return out;
  } catch {
    return null;
  }
}

/** closeConfirmation forgets the waiting confirmation. */
export function closeConfirmation(): void {
  try {
    sessionStorage.removeItem(CONFIRMATION_KEY);
    localStorage.removeItem(CONFIRMATION_KEY);
  } catch {
    /* nothing kept */
  }
  window.dispatchEvent(new Event(CONFIRMATION_EVENT));
}
