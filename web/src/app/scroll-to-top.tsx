import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** ScrollToTop moves to the top of a new page, as a full page load would,
 * and puts keyboard focus at the start of the new page's content so that
 * screen-reader and keyboard users are not left in the header. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
