// The entry point: the router with every page (app/router.tsx).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from '@/app/router';
import { applyStoredTextSize } from '@/components/text-size';
import { initI18n, useLang } from '@/i18n';
import { startAccountLanguage } from '@/i18n/account';
import '@/styles/global.css';
import '@/styles/fonts.css';

// Before the first render, so a remembered larger text never jumps.
applyStoredTextSize();

// Every page opens at its top (ScrollToTop), Back included. Left to the
// browser, Back would also try to restore the old scroll position while
// the page is still being taken over, and land wherever the race ended:
// on a form whose draft was just put back, past the notice that says so.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

/** Root shows every page again, keeping what is typed in forms, when the
 * person picks another language. */
function Root() {
  useLang();
  return <AppRoutes />;
}

// The messages of the chosen language come first (in index.html, or one
// request under the dev server), and the code of the page shown: the
// server has already painted the page's first screen into #root, and the
// first render replaces it with the page itself in one step. That render
// is a transition: React builds the page in slices of a few milliseconds,
// so a slow phone stays responsive to a tap or a scroll meanwhile, and the
// painted page stays in place until the whole page is ready to take over.
void Promise.all([initI18n(), preloadRoute(window.location.pathname)]).then(() => {
  startAccountLanguage();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </StrictMode>,
    );
  });
});
