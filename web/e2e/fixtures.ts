// Shared helpers for browser tests: an axe check that fails on any WCAG
// 2.2 A/AA violation, readers for the mail the server captured as .eml
// files (SMTP_URL is unset in tests), and signing in through the API.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createAdmin } from './cli';

let nextClient = 0;

/** test gives every test its own client address: the server (started with
 * SPDC_TRUSTED_PROXIES=127.0.0.1) believes X-Forwarded-For from the
 * loopback, so the per-client limits on sign-ins, registrations and forms
 * apply to each test as to one visitor, not to the whole suite at once. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, info) => {
    nextClient += 1;
    const n = info.workerIndex * 10_000 + nextClient;
    const addr = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': addr });
  },
  // The page a test drives waits, after each goto and reload, until the
  // app has taken over what the server painted: the app starts only after
  // the painted page is on the screen, and until then its forms do nothing
  // and the address still carries ?lang=, so a test acting at once would
  // act on markup about to be replaced.
  page: async ({ page }, provide) => {
    await page.addInitScript(markPaintedMain);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      await appTakenOver(page);
      return res;
    };
    page.reload = async (options) => {
      const res = await reload(options);
      await appTakenOver(page);
      return res;
    };
    await provide(page);
  },
});

/** markPaintedMain runs in the page before its scripts: the server's <main>
 * is marked once the page is parsed, before the app runs; the app's first
 * render puts a new one in its place. */
function markPaintedMain() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') document.querySelector('main')?.setAttribute('data-server', '');
  });
}

/** appTakenOver waits until the app has drawn its own <main> on a page of
 * the web app (a file or an API answer has no #root). A page the app never
 * draws is left to the test's own checks to report. */
async function appTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(appDrawnMain, undefined, { timeout: 15_000 }).catch(() => undefined);
}

/** appDrawnMain, run in the page, says whether the app has drawn its own
 * <main> (true at once for what is not the web app: no #root). */
function appDrawnMain(): boolean {
  if (!document.getElementById('root')) return true;
  const main = document.querySelector('main');
  return main !== null && !main.hasAttribute('data-server');
}

export async function expectNoAxeViolations(page: Page, opts: { include?: string } = {}) {
  // axe's target-size rule counts a control that the page has scrolled
  // under the sticky header as too small; check from the top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  // The blocks below the first screen are laid out only as they come near
  // it (content-visibility: auto); until then the browser neither paints
  // nor hit-tests their contents, so axe would read their colours against
  // the wrong background. A reader sees each one laid out once she scrolls
  // to it, so they are checked laid out: a sheet of the test's own, which
  // also holds for blocks that arrive during the check, lays out every
  // block for the rest of the test (a full-page screenshot shows them too).
  await page.evaluate(() => {
    if (document.adoptedStyleSheets.some((s) => s.cssRules[0]?.cssText.includes('content-visibility'))) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { content-visibility: visible !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  // A toast still fading in or out has, for that moment, the contrast of
  // its fade: wait until every toast on the page has arrived or gone.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast]')].every(
      (t) => t.getAttribute('data-removed') !== 'true' && getComputedStyle(t).opacity === '1',
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (opts.include) builder = builder.include(opts.include);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

export function mailDir(): string {
  const dir = process.env.SPDC_E2E_DATA_DIR;
  if (!dir) throw new Error('SPDC_E2E_DATA_DIR is not set');
  return join(dir, 'mail');
}

/** Captured messages to an address, newest last, as raw .eml text; dir is
 * the mail directory of a spec's own server. */
export function mailsTo(address: string, dir = mailDir()): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((n) => join(dir, n))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((p) => readFileSync(p, 'utf8'))
    .filter((raw) => new RegExp(`^To:.*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw));
}

/** waitForMail polls until a message to address matches re and returns the
 * first capture group (or the whole match); dir as for mailsTo. */
export async function waitForMail(address: string, re: RegExp, timeoutMs = 15_000, dir = mailDir()): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const raw of mailsTo(address, dir).reverse()) {
      const flat = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const m = flat.match(re);
      if (m) return m[1] ?? m[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} matching ${re}`);
}

/** A signed-in session as the login endpoint returns it. */
export type Session = { token: string; user: Record<string, unknown> };

/** logIn signs in through the API and returns the session; base is the
 * server's origin when a spec runs its own server. */
export async function logIn(request: APIRequestContext, identifier: string, password: string, base = ''): Promise<Session> {
  const res = await request.post(`${base}/api/users/login`, { data: { identifier, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Session;
}

/** storeSession opens `at` (the home page unless told) and stores the session
 * there the way the app does, as token and user in localStorage, so the
 * next page the test opens is signed in. */
export async function storeSession(page: Page, s: Session, at = '/'): Promise<void> {
  await page.goto(at);
  await page.evaluate((v) => {
    localStorage.setItem('token', v.token);
    localStorage.setItem('user', JSON.stringify(v.user));
  }, s);
}

/** adminSession makes an admin with the command line and signs them in. */
export async function adminSession(request: APIRequestContext, email: string, name: string, password: string): Promise<Session> {
  createAdmin(email, name, password);
  return logIn(request, email, password);
}

/** openRowMenu opens a dashboard row's one menu of actions ("Actions for
 * …"), unless it is open already, so that its actions can be found. */
export async function openRowMenu(row: Locator): Promise<void> {
  const toggle = row.getByRole('button', { name: /^Actions for / });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** gotoTakenOver opens path and waits until the app has taken over the page
 * the server painted: what is painted looks the same as the app's, but a
 * test that acts earlier acts on markup about to be replaced. The server's
 * <main> is marked once the page is parsed, before any script runs; the
 * app's first render puts a new one in its place. */
export async function gotoTakenOver(page: Page, path: string): Promise<void> {
  await page.addInitScript(markPaintedMain);
  await page.goto(path);
  await page.waitForFunction(appDrawnMain);
}
