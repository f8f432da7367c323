// Parts of a form that are not in its first render but must be there
// before the person needs them.
import { useEffect } from 'react';

/** usePreloadAfterLoad fetches a part of the page a moment after the page
 * has loaded: long before the person needs it (a form's summary, its
 * error messages when the connection has dropped), but not with the code
 * the first render needs. */
export function usePreloadAfterLoad(preload: () => Promise<void>): void {
  useEffect(() => {
    let timer = 0;
    const start = () => {
      timer = window.setTimeout(() => void preload(), 1000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', start);
    };
  }, [preload]);
}
