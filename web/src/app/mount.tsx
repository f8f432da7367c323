// The app itself: the router with every page (router.tsx), drawn into the
// page's #root. The entry (main.tsx) loads this module once React DOM is
// ready, in a task of its own, and mounts it once the shown page's code
// and messages are there.
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { useLang } from '@/i18n';
import { AppRoutes } from './router';
import { finishTakeover, watchPainted } from './takeover';

export { preloadRoute } from './router';

/** Root shows every page again, keeping what is typed in forms, when the
 * person picks another language. */
function Root() {
  useLang();
  // Once the first render is on the page: what the visitor typed or
  // focused on the painted page is carried into it.
  useLayoutEffect(finishTakeover, []);
  return <AppRoutes />;
}

/** mount draws the app into el. The server has already painted the page's
 * first screen there, and the first render replaces it with the page
 * itself in one step. That render is a transition: React builds the page
 * in slices of a few milliseconds, so a slow phone stays responsive to a
 * tap or a scroll meanwhile, and the painted page stays in place until the
 * whole page is ready to take over. */
export function mount(el: HTMLElement): void {
  watchPainted(el);
  const root = createRoot(el);
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
