// A form sent after the person's session ended is not saved under no one's
// name: the server says the session ended, nothing was sent, and what they
// typed stays in the form and in its draft. They sign in again and come
// back to the same page, where the form is filled in again as they left it,
// ready to send. The two notices that say so (session-ended-notices.tsx)
// are loaded when one is shown.
import { Suspense } from 'react';
import { page } from '@/app/lazy';

const KEY = 'spdc:resend';

/** markResend notes that the form's draft is to be put back after the
 * next sign-in (this tab only). */
export function markResend(form: string): void {
  try {
    sessionStorage.setItem(KEY, form);
  } catch {
    /* storage off: the draft is still offered back as usual */
  }
}

/** takeResend reports whether the form's draft waits to be put back after
 * a sign-in, and forgets it. */
export function takeResend(form: string): boolean {
  try {
    if (!form || sessionStorage.getItem(KEY) !== form) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}

const Notices = page<{ ended: boolean }>(() => import('./session-ended-notices'));

/** SessionNotice says that the session ended and nothing was sent
 * (ended), or that the form is back as it was after signing in again. */
export function SessionNotice({ ended }: { ended: boolean }) {
  return (
    <Suspense fallback={null}>
      <Notices ended={ended} />
    </Suspense>
  );
}
