// The site in Hindi and Bengali on a 375 px phone: the main routes (and
// the donation page, services, causes, FAQ, coming soon, a missing page,
// the privacy page's grievance form and My Account's My data) with
// <html lang> set, no axe violation, nothing of the interface left in
// English (the program's own content may still be English where no
// translation is written, and the texts quoted word for word stay English),
// nothing wider than the screen; the language switcher by keyboard; the
// choice remembered across visits and through signing in; the browser's
// language on a first visit; an unknown ?lang= ignored.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, gotoTakenOver } from './fixtures';

test.use({ viewport: { width: 375, height: 800 } });
// axe on a long page takes many seconds on a busy machine.
test.setTimeout(180_000);

type Catalogue = Record<string, string>;
const read = (lang: string) => JSON.parse(readFileSync(new URL(`../src/i18n/messages/${lang}.json`, import.meta.url), 'utf8')) as Catalogue;
const en = read('en');
const catalogues: Record<string, Catalogue> = { hi: read('hi'), bn: read('bn') };

// The English interface texts a Hindi or Bengali page must not show: whole
// messages of three words or more without placeholders, that the language
// translates.
function englishTexts(lang: string): string[] {
  return Object.entries(en)
    .filter(([k, v]) => !/[{<]/.test(v) && v.split(/\s+/).length >= 3 && catalogues[lang][k] !== v)
    .map(([, v]) => v);
}

// The same h1 in both languages: a text the original site has, kept in English.
const both = (text: string) => ({ hi: text, bn: text });
const h1Of = (key: string) => ({ hi: catalogues.hi[key], bn: catalogues.bn[key] });

// wait: a heading that shows once the page's data or lazy part is there.
const routes: { path: string; h1: Record<string, string>; wait?: Record<string, string> }[] = [
  { path: '/', h1: { hi: 'श्रील प्रभुपाद के वरिष्ठ शिष्यों की सेवा', bn: 'শ্রীল প্রভুপাদের প্রবীণ শিষ্যদের সেবা' } },
  { path: '/login', h1: { hi: catalogues.hi['login.title'], bn: catalogues.bn['login.title'] } },
  { path: '/register', h1: { hi: catalogues.hi['register.title'], bn: catalogues.bn['register.title'] } },
  { path: '/recoverpassword', h1: { hi: catalogues.hi['forgot.title'], bn: catalogues.bn['forgot.title'] } },
  { path: '/contactus', h1: { hi: catalogues.hi['meta.contact.title'], bn: catalogues.bn['meta.contact.title'] } },
  { path: '/becomevolunteer', h1: { hi: catalogues.hi['volunteer.title'], bn: catalogues.bn['volunteer.title'] } },
  { path: '/discipleRegistration', h1: { hi: catalogues.hi['disciple.title'], bn: catalogues.bn['disciple.title'] } },
  { path: '/Host', h1: { hi: catalogues.hi['host.title'], bn: catalogues.bn['host.title'] } },
  { path: '/donation', h1: h1Of('donation.title'), wait: h1Of('donation.report.title') },
  { path: '/services', h1: h1Of('meta.services.title') },
  { path: '/causes', h1: h1Of('meta.causes.title') },
  { path: '/faq', h1: h1Of('meta.faq.title') },
  { path: '/comingsoon', h1: h1Of('pages.comingSoon.title') },
  { path: '/no-such-page', h1: both('Oops! Page Not Found') },
  { path: '/privacypolicy', h1: h1Of('meta.privacy.title'), wait: h1Of('grievance.title') },
];

// The program's own texts (settings and collections from GET /api/site):
// where no translation is written they are shown in English, and may
// repeat an interface text (the tagline is the home page's title).
async function siteTexts(page: Page): Promise<string[]> {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(await (await page.request.get('/api/site')).json());
  return out.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

async function shownText(page: Page): Promise<string> {
  const own = await siteTexts(page);
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')].map((el) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '').join('\n'),
    );
    // Pages the program writes in Markdown (the privacy policy, the FAQ's
    // answers) are its own content, not the interface.
    const own = [...document.querySelectorAll<HTMLElement>('.markdown')].map((el) => el.innerText).filter((x) => x.trim());
    const body = own.reduce((b, x) => b.split(x).join(' '), document.body.innerText);
    return [document.title, body, ...labels].join('\n');
  });
  return own.reduce((t, s) => t.split(s).join(' '), text);
}

for (const lang of ['hi', 'bn'] as const) {
  test.describe(`the site in ${lang}`, () => {
    for (const r of routes) {
      test(`${r.path} is in ${lang}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // The app takes the lang= out of the address once it has taken
        // over the painted page.
        await gotoTakenOver(page, `${r.path}?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.h1[lang]);
        if (r.wait) await expect(page.getByRole('heading', { name: r.wait[lang], exact: true })).toBeVisible();
        // The address keeps its path; lang= has done its work.
        expect(new URL(page.url()).pathname).toBe(r.path);
        expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
        await expect(page.getByRole('group', { name: catalogues[lang]['header.language'] }).getByRole('button', { pressed: true })).toHaveAttribute('lang', lang);
        const text = await shownText(page);
        expect(englishTexts(lang).filter((s) => text.includes(s))).toEqual([]);
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        expect(errors).toEqual([]);
      });
    }

    test(`My Account's My data is in ${lang}`, async ({ page, request }) => {
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const email = `mydata-${lang}-${stamp}@example.org`;
      const password = 'a long language passphrase';
      // The account keeps the language it was made in, and signing in follows it.
      const reg = await request.post('/api/users/register', {
        data: { fullName: 'Bhasha Devi', email, mobile: `97${stamp.slice(-8)}`, password },
        headers: { 'Accept-Language': lang },
      });
      expect(reg.status()).toBeLessThan(300);
      await page.goto(`/login?lang=${lang}`);
      await page.getByRole('textbox', { name: catalogues[lang]['login.identifier'], exact: true }).fill(email);
      await page.getByRole('textbox', { name: catalogues[lang]['login.password'], exact: true }).fill(password);
      await page.getByRole('button', { name: catalogues[lang]['login.title'], exact: true }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).not.toBeNull();
      await page.goto('/myaccount');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: catalogues[lang]['myData.title'], exact: true })).toBeVisible();
      await expect(page.getByText(catalogues[lang]['myData.consentsNone'])).toBeVisible();
      await expect(page.getByRole('heading', { name: catalogues[lang]['subs.title'], exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: catalogues[lang]['myDonations.title'], exact: true })).toBeVisible();
      const text = await shownText(page);
      expect(englishTexts(lang).filter((s) => text.includes(s))).toEqual([]);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test(`form messages are in ${lang}`, async ({ page }) => {
      await page.goto(`/contactus?lang=${lang}`);
      await page.getByRole('button', { name: catalogues[lang]['contact.submit'] }).click();
      const summary = page.locator('.error-summary');
      await expect(summary.getByRole('heading')).toHaveText(catalogues[lang]['form.errorTitle']);
      await expect(summary).toContainText(catalogues[lang]['contact.messageRequired']);
      await expect(page).toHaveTitle(new RegExp(`^${catalogues[lang]['form.errorPrefix']}`));
    });
  });
}

test('the switcher works by keyboard and the choice is kept for the next visit', async ({ page, context }) => {
  await gotoTakenOver(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  let found = false;
  for (let i = 0; i < 8 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.textContent === 'हिन्दी');
  }
  expect(found, 'Tab reaches हिन्दी in the header').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('श्रील प्रभुपाद के वरिष्ठ शिष्यों की सेवा');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveTitle(catalogues.hi['meta.home.title']);
  // The next key goes on to বাংলা, and Space picks it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect((await context.cookies()).find((c) => c.name === 'spdc_lang')?.value).toBe('bn');
  expect(await page.evaluate(() => localStorage.getItem('spdc.lang'))).toBe('bn');

  // A later visit, in a new tab, opens in Bengali.
  const again = await context.newPage();
  await again.goto('/login');
  await expect(again.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(again.getByRole('heading', { level: 1 })).toHaveText(catalogues.bn['login.title']);
});

test('a first visit follows the browser, and an unknown ?lang= is ignored', async ({ browser }) => {
  const hindi = await browser.newContext({ locale: 'hi-IN', viewport: { width: 375, height: 800 } });
  const page = await hindi.newPage();
  await page.goto('/?lang=xx');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await hindi.close();

  const english = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 800 } });
  const other = await english.newPage();
  await other.goto('/login?lang=fr');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Log In');
  await english.close();
});

test('the language stays through signing in, and goes to the account when the server keeps it', async ({ page, request }) => {
  const stamp = Date.now().toString();
  const email = `lang-${stamp}@example.org`;
  const password = 'a long language passphrase';
  const reg = await request.post('/api/users/register', {
    data: { fullName: 'Bhasha Devi', email, mobile: `96${stamp.slice(-8)}`, password },
    headers: { 'Accept-Language': 'hi' },
  });
  expect(reg.status()).toBeLessThan(300);

  await page.goto('/login?lang=hi');
  await page.getByRole('textbox', { name: catalogues.hi['login.identifier'], exact: true }).fill(email);
  await page.getByRole('textbox', { name: catalogues.hi['login.password'], exact: true }).fill(password);
  await page.getByRole('button', { name: catalogues.hi['login.title'], exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).not.toBeNull();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // Choosing Bengali while signed in: kept in the browser, and on the
  // account when the server has the endpoint.
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: catalogues.bn['header.menu'] }).click();
  await expect(page.getByRole('button', { name: catalogues.bn['header.myAccount'] })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  const user = (await me.json()) as { language?: string };
  if (user.language !== undefined) await expect.poll(async () => ((await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as { language?: string }).language).toBe('bn');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

test('a Hindi or Bengali page draws its letters in the site’s face for its script; an English page loads none', async ({ page }) => {
  // The faces the page has loaded (declared by the stylesheet, fetched or
  // found on the device only when text on the page needs them).
  const loaded = () =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`)
        .sort(),
    );
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await loaded()).toEqual([]);
  for (const [lang, family] of [['hi', 'Noto Sans Devanagari'], ['bn', 'Noto Sans Bengali']] as const) {
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect.poll(loaded).toContain(`${family} 400`);
    // Only the page's own script: the switcher's other language is drawn by the device.
    expect((await loaded()).every((f) => f.startsWith(family))).toBe(true);
  }
});
