// The lasting confirmation of a sent form: when one is waiting (kept in
// the browser by the form that was sent), its panel is loaded and shown at
// the top of every page the person opens, until they close it. Only this
// check is part of the first render; the panel itself is loaded when
// there is something to show.
import { lazy, Suspense, useEffect, useState } from 'react';

/** The browser storage key of the waiting confirmation, and the window
 * event a form raises when it has stored one. */
export const CONFIRMATION_KEY = 'spdc:confirmation';
export const CONFIRMATION_EVENT = 'spdc:confirmation';

const Panel = lazy(() => import('@/features/submissions/components/confirmation-panel'));

export function LazyConfirmation() {
  // The stored confirmation itself: a newer one remounts the panel.
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    const check = () => {
      try {
        setKept(localStorage.getItem(CONFIRMATION_KEY));
      } catch {
        setKept(null);
      }
    };
    check();
    window.addEventListener(CONFIRMATION_EVENT, check);
    return () => window.removeEventListener(CONFIRMATION_EVENT, check);
  }, []);
  if (!kept) return null;
  return (
    <Suspense fallback={null}>
      <Panel key={kept} />
    </Suspense>
  );
}
