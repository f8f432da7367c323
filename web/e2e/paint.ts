// What the server paints into #root before any script, and what the
// app then draws in its place, read the same way on a 412 px phone: the
// browser tests of the first paint compare the two.
import type { Browser, Page } from '@playwright/test';
import { gotoTakenOver } from './fixtures';

export interface Painted {
  // tag.class#id[href] "own words" of each element of <main>, in order.
  elements: string[];
  // Where the text blocks are, for the ones the server paints.
  boxes: string[];
}

// read describes <main>'s elements and, for the first `boxes` of its text
// blocks, their place on the page.
function read(page: Page, boxes: number): Promise<Painted> {
  return page.evaluate((boxes) => {
    const main = document.querySelector('main')!;
    const elements = [...main.querySelectorAll('*')].map((el) => {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      // The app names a Read More text with React's useId, the server
      // by its step: the link between button and text is what counts.
      const id = el.classList.contains('read-more-text') || el.hasAttribute('aria-controls') ? '' : el.id;
      const href = el.getAttribute('href') ?? '';
      return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}#${id}[${href}] ${JSON.stringify(own)}`;
    });
    // A visually hidden heading (1 px by 1 px, out of the flow) cannot
    // jump; where it sits depends on what follows it.
    const blocks = [...main.querySelectorAll('h1, h2, h3, p, summary, li')].slice(0, boxes).filter((b) => {
      const r = b.getBoundingClientRect();
      return r.width > 1 || r.height > 1;
    });
    return {
      elements,
      boxes: blocks.map((b) => {
        const r = b.getBoundingClientRect();
        return `${b.tagName} ${Math.round(r.x)},${Math.round(r.y + window.scrollY)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    };
  }, boxes);
}

interface LargestPaints {
  appLargestPaints: string[];
}

/** recordLargestPaints runs in the page before its scripts: it keeps the
 * elements the server painted into #root and lists every largest-paint
 * candidate the browser reports that is not one of them, so drawn by the
 * app. */
function recordLargestPaints() {
  const w = window as unknown as LargestPaints;
  w.appLargestPaints = [];
  let painted = new WeakSet<Element>();
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') painted = new WeakSet(document.querySelectorAll('#root *'));
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { element: Element | null; size: number }[]) {
      if (e.element && !painted.has(e.element)) w.appLargestPaints.push(`${e.element.tagName.toLowerCase()}.${e.element.className} ${e.size}`);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

export async function serverPaint(browser: Browser, path: string): Promise<{ painted: Painted; blocks: number } | null> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(path);
  if ((await page.locator('main').count()) === 0) {
    await context.close();
    return null;
  }
  await page.evaluate(() => document.fonts.ready);
  const blocks = await page.locator('main').locator('h1, h2, h3, p, summary, li').count();
  const painted = await read(page, blocks);
  await context.close();
  return { painted, blocks };
}

/** appRender opens path with the app, once it has drawn as many elements
 * in <main> as the server painted and its Markdown is rendered, and reads
 * its first `blocks` text blocks' places and the largest paints it drew. */
export async function appRender(page: Page, path: string, painted: Painted, blocks: number): Promise<{ app: Painted; appPaints: string[] }> {
  await page.addInitScript(recordLargestPaints);
  await gotoTakenOver(page, path);
  await page.waitForLoadState('networkidle');
  // The route's own chunk has drawn its content, and the Markdown
  // renderer's chunk has replaced the texts shown as written (with
  // white-space: pre-line) while it loaded.
  await page.waitForFunction(
    (n) => document.querySelectorAll('main *').length >= n && !document.querySelector('main .markdown[style]'),
    painted.elements.length,
  );
  await page.evaluate(() => document.fonts.ready);
  const app = await read(page, blocks);
  const appPaints = await page.evaluate(() => (window as unknown as LargestPaints).appLargestPaints);
  return { app, appPaints };
}

/** stoppedAtDate says whether the server's paint of the stories page
 * stopped at a story's date: in Hindi and Bengali the browser alone
 * writes it (the month's name comes from its own calendar data), so the
 * server paints down to that story's heading and the app draws the rest,
 * a text of which may then be the page's largest paint. */
export function stoppedAtDate(route: string, lang: string, painted: Painted, app: Painted): boolean {
  return route === '/events' && lang !== 'en' && app.elements.slice(painted.elements.length).some((e) => e.startsWith('time.'));
}

/** placedBoxes are the boxes of a paint to compare with the app's: all of
 * them, save that where the paint stopped inside a story's card (see
 * stoppedAtDate) that card's height is left out, as it grows when the app
 * draws the rest of it below what was painted. */
export function placedBoxes(boxes: string[], painted: Painted, stopped: boolean): string[] {
  if (!stopped) return boxes;
  const card = painted.boxes.findLastIndex((b) => b.startsWith('LI '));
  return boxes.map((b, i) => (i === card ? b.replace(/x\d+$/, '') : b));
}
