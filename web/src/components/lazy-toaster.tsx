// The toast area, loaded only after the page has loaded and its content is
// on screen, so that sonner is not part of the code a page needs before it
// can paint, which keeps the first render small. Toasts raised before it mounts are replayed by
// sonner when it subscribes. notify() is for code in the first-render chunk
// (the header), which must not import sonner itself; it mounts the toast
// area at once.
import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
const NEEDED = 'spdc:toaster-needed';

export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let t = 0;
    const now = () => setReady(true);
    // After the load event, wait until the page's heading is shown (at
    // most 5 s), then mount.
    const whenShown = (tries = 0) => {
      if (document.querySelector('main h1') || tries >= 50) t = window.setTimeout(now, 300);
      else t = window.setTimeout(() => whenShown(tries + 1), 100);
    };
    const onLoad = () => whenShown();
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    window.addEventListener(NEEDED, now);
    return () => {
      window.clearTimeout(t);
      window.removeEventListener('load', onLoad);
      window.removeEventListener(NEEDED, now);
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </Suspense>
  );
}

/** ToastOptions are the options of sonner's toasts the pages use. */
export interface ToastOptions {
  duration?: number;
  id?: string;
  /** position: the dashboard's toasts are at the top centre. */
  position?: 'top-center' | 'top-right';
}

function show(message: string, kind: 'error' | 'success' | 'info' | undefined, opts: ToastOptions) {
  window.dispatchEvent(new Event(NEEDED));
  void import('sonner').then(({ toast: sonner }) => {
    const fn = kind ? sonner[kind] : sonner;
    fn(message, opts);
  });
}

/** notify shows a toast without importing sonner up front. */
export function notify(message: string, opts: { duration?: number; kind?: 'error' | 'success' | 'info' } = {}) {
  show(message, opts.kind, { duration: opts.duration });
}

/** toast is sonner's toast.success and toast.error for the pages' forms
 * and the dashboard, without sonner in the code a page needs before it
 * can paint: sonner comes with the first message (a sent form, a refused
 * one). */
export const toast = {
  success: (message: string, opts: ToastOptions = {}) => show(message, 'success', opts),
  error: (message: string, opts: ToastOptions = {}) => show(message, 'error', opts),
};
