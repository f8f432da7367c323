// The lasting confirmation of a sent form: when one is waiting (kept in
// the browser by the form that was sent), its panel is loaded and shown at
// the top of every page the person opens, until they close it or it ends
// (see lib/confirmation: with the browser session, a sign-out, or a day).
// Only this check is part of the first render; the panel itself is loaded
// when there is something to show.
import { lazy, Suspense, useEffect, useState } from 'react';
import { CONFIRMATION_EVENT } from '@/lib/confirmation';
import { keptConfirmation } from '@/lib/confirmation-read';
import { AUTH_CHANGED } from '@/lib/session';

export { CONFIRMATION_EVENT, CONFIRMATION_KEY } from '@/lib/confirmation';

const Panel = lazy(() => import('@/features/submissions/components/confirmation-panel'));

export function LazyConfirmation() {
  // The stored confirmation itself: a newer one remounts the panel.
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    const check = () => setKept(keptConfirmation());
    check();
    // A sign-in or sign-out may end it; a day may pass while the page is open.
    window.addEventListener(CONFIRMATION_EVENT, check);
    window.addEventListener(AUTH_CHANGED, check);
    const timer = window.setInterval(check, 60_000);
    return () => {
      window.removeEventListener(CONFIRMATION_EVENT, check);
      window.removeEventListener(AUTH_CHANGED, check);
      window.clearInterval(timer);
    };
  }, []);
  if (!kept) return null;
  return (
    <Suspense fallback={null}>
      <Panel key={kept} />
    </Suspense>
  );
}
