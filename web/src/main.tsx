// The entry point: starts the app (app/mount.tsx) in a few steps, each a
// task of its own, so a slow phone never spends one long stretch on it
// and can still scroll the painted page or answer a tap in between.
// Everything this file loads with import() is part of the start-up: the
// build names those files beside the entry, so the browser fetches them
// all at once, and here they are only run, one after the other.
import { applyStoredTextSize } from '@/components/text-size';
import { initI18n } from '@/i18n';
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

/** nextTask resolves in a later task, after the browser has had its turn
 * to paint or to handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // The messages of the chosen language (in index.html, or one request
  // under the dev server).
  const messages = initI18n();
  await nextTask();
  // React DOM, the largest piece, runs alone.
  await import('react-dom/client');
  await nextTask();
  const app = await import('@/app/mount');
  await nextTask();
  // The code of the page shown, so the first render draws the page itself.
  await Promise.all([messages, app.preloadRoute(window.location.pathname)]);
  startAccountLanguage();
  app.mount(document.getElementById('root')!);
}

void start();
