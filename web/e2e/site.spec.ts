// The public website: every public route at 1280 px (project
// "desktop") and 375 px (project "mobile"), the header, the home page's
// video and Read More, the text-size control, the 404 page and the subscribe
// form (the map that loads only on request is in content.spec.ts, once an
// admin has set it). Full-page screenshots of
// every route are kept in test-results/ (not committed).
import { expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { test, expectNoAxeViolations, gotoTakenOver } from './fixtures';

const SITE = 'SPDC';

// Pages of this issue, with the exact title and h1.
const pages: { path: string; title: string; h1: string | RegExp }[] = [
  { path: '/', title: "SPDC — care for Srila Prabhupada's elderly disciples", h1: "Caring for Srila Prabhupada's elderly disciples" },
  { path: '/aboutus', title: `About Us | ${SITE}`, h1: 'About Us' },
  { path: '/testimonial', title: `Testimonials | ${SITE}`, h1: 'Testimonials' },
  { path: '/team', title: `Our Team | ${SITE}`, h1: 'Our Team' },
  { path: '/Team', title: `Our Team | ${SITE}`, h1: 'Our Team' },
  { path: '/teamcondition', title: `Terms & Conditions | ${SITE}`, h1: 'Terms & Conditions' },
  { path: '/privacypolicy', title: `Privacy Policy | ${SITE}`, h1: 'Privacy Policy' },
  { path: '/services', title: `Services | ${SITE}`, h1: 'Services' },
  { path: '/servicesdetails', title: `Healthcare coordination | ${SITE}`, h1: 'Healthcare coordination' },
  { path: '/causes', title: `Causes | ${SITE}`, h1: 'Causes' },
  { path: '/comingsoon', title: `Coming soon | ${SITE}`, h1: 'Memories of the early days' },
  { path: '/error', title: `Page not found | ${SITE}`, h1: 'Oops! Page Not Found' },
  { path: '/faq', title: `Frequently asked questions | ${SITE}`, h1: 'Frequently asked questions' },
  { path: '/contactus', title: `Contact Us | ${SITE}`, h1: 'Contact Us' },
  { path: '/events', title: `Success Stories | ${SITE}`, h1: 'Success Stories' },
  { path: '/eventdetails', title: `Event | ${SITE}`, h1: 'Event' },
  { path: '/donation', title: `Donation | ${SITE}`, h1: 'Donation' },
  { path: '/implementationProcess', title: `Implementation Process | ${SITE}`, h1: 'Implementation Process' },
  { path: '/volunteer', title: `Volunteers | ${SITE}`, h1: 'Our Volunteers' },
  { path: '/Volunteer', title: `Volunteers | ${SITE}`, h1: 'Our Volunteers' },
  { path: '/donor', title: `Donor | ${SITE}`, h1: 'Donor' },
];

// Public routes whose pages other issues build: checked for the frame
// (status, one h1, no console error, no axe violation), not their text.
const otherPublic = ['/login', '/register', '/recover', '/recoverpassword', '/reset-password/sometoken', '/becomevolunteer', '/discipleRegistration', '/Host', '/Reg?token=abc'];

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function isMobile(page: Page) {
  return (page.viewportSize()?.width ?? 1280) <= 768;
}

test.describe('every public page', () => {
  for (const p of pages) {
    test(`${p.path} renders`, async ({ page }, info) => {
      const errors = watchConsole(page);
      const res = await page.goto(p.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{30,}/);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoAxeViolations(page);
      // Nothing wider than the screen (320 px reflow is checked separately).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((i) => i.setAttribute('loading', 'eager')));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: info.outputPath(`${info.project.name}${p.path.replace(/\//g, '_') || '_home'}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }

  for (const path of otherPublic) {
    test(`${path} is framed by the header and footer`, async ({ page }, info) => {
      const errors = watchConsole(page);
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(/.+/);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: info.outputPath(`${info.project.name}${path.replace(/[/?=]/g, '_')}.png`), fullPage: true });
      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    });
  }

  test('pages reflow at 320 px and at the largest text size', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('spdc-text-size', 'largest'));
    for (const path of ['/', '/donation', '/contactus', '/causesdetails', '/teamcondition']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('header', () => {
  test('has the nine links and the active one is marked', async ({ page }) => {
    await page.goto('/aboutus');
    if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About Us', 'Implementation Process', 'SP Disciple', 'Become a Volunteer', 'Donation', 'Become a host', 'Success Stories', 'Contact Us']) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Success Stories' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Success Stories');
    if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Success Stories' })).toHaveAttribute('aria-current', 'page');
  });

  test('the How to get involved dropdown works by mouse and keyboard', async ({ page }) => {
    await page.goto('/');
    if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const button = page.getByRole('button', { name: 'How to get involved' });
    const list = page.locator('#involved-menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('link')).toHaveText(['SP Disciple', 'Become a Volunteer', 'Donation', 'Become a host']);
    // Escape closes and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    // Keyboard: Enter opens, Tab reaches the first choice.
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'SP Disciple' })).toBeFocused();
    // A click outside closes it (on a phone, the menu panel too).
    await page.locator('main h1').click();
    if (await isMobile(page)) {
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Choosing a link goes there and closes it.
    await button.click();
    await list.getByRole('link', { name: 'Donation' }).click();
    await expect(page).toHaveURL(/\/donation$/);
    await expect(list).toBeHidden();
  });

  test('changes style after 10 px of scroll', async ({ page }) => {
    // Wait for the app to take over the painted page: it opens every page
    // at its top, so a scroll made before would be undone.
    await gotoTakenOver(page, '/donation');
    await expect(page.locator('h1')).toHaveText('Donation');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 5));
    await page.waitForTimeout(100);
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test('signed out: Sign In and Sign Up', async ({ page }) => {
    await page.goto('/');
    if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('signed in: My Account with Profile and Logout, Admin Dashboard for admins, and the protected-link guard', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-real-token');
      localStorage.setItem('user', JSON.stringify({ _id: 'x', fullName: 'Test Admin', email: 'a@example.org', isAdmin: true }));
    });
    await page.goto('/faq');
    const mobile = await isMobile(page);
    if (mobile) await page.getByRole('button', { name: 'Menu' }).click();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    const account = banner.getByRole('button', { name: 'My Account' });
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');

    // The session disappears behind the page's back (expired elsewhere):
    // following a protected link says so and goes to the login page.
    await page.evaluate(() => localStorage.removeItem('token'));
    await account.click();
    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText('Please login first')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Logout clears the session and goes to /login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-real-token');
      localStorage.setItem('user', JSON.stringify({ _id: 'x', fullName: 'Test User', email: 'u@example.org', isAdmin: false }));
    });
    await page.goto('/aboutus');
    if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'My Account' }).click();
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('mobile menu opens and closes by keyboard, Escape and outside click', async ({ page }) => {
    test.skip(!(await isMobileProject(page)), 'the mobile menu exists at 768 px or less');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await toggle.click();
    await page.locator('main').click({ position: { x: 10, y: 400 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contactus$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('scrolling the open menu leaves the header as it is, so a link stays under the finger', async ({ page }) => {
    test.skip(!(await isMobileProject(page)), 'the mobile menu exists at 768 px or less');
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    await page.getByRole('button', { name: 'Menu' }).click();
    const link = header.getByRole('link', { name: 'Contact Us' });
    const before = (await link.boundingBox())!.y;
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // Long enough for the header's 0.2 s change of size, had there been one.
    await page.waitForTimeout(400);
    await expect(header).not.toHaveClass(/is-scrolled|is-tucked/);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect((await link.boundingBox())!.y).toBeCloseTo(before - scrolled, 0);
    // Closed, the header follows the page's scroll again.
    await page.locator('main').click({ position: { x: 10, y: 400 } });
    await expect(header).toHaveClass(/is-scrolled/);
    await expect(header).not.toHaveClass(/is-tucked/);
  });
});

async function isMobileProject(page: Page) {
  return isMobile(page);
}

test.describe('home', () => {
  test('the banner video streams after load, muted, and the sound can be turned on', async ({ page }) => {
    const asked: Request[] = [];
    page.on('request', (r) => {
      if (/\/media\/banner\.(webm|mp4)/.test(r.url())) asked.push(r);
    });
    await page.goto('/');
    // When the load event began, on the browser's clock, which also times
    // each request: the test's own clock would race the report of a
    // request made at once after the load.
    const loadedAt = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByType('navigation')[0].toJSON().loadEventStart);
    // A request's timing is known once its answer has begun.
    await Promise.all(asked.map((r) => r.response()));
    const early = asked.filter((r) => r.timing().startTime < loadedAt).map((r) => `${r.url()} at ${r.timing().startTime}, load at ${loadedAt}`);
    expect(early, 'video requested before the load event').toEqual([]);
    const video = page.getByTestId('home-video');
    await expect(video).toHaveAttribute('preload', /none|auto/);
    await expect(video).toHaveAttribute('poster', '/media/banner-poster.webp');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: 'Turn sound on' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await page.getByRole('button', { name: 'Turn sound off' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

    await page.getByRole('button', { name: 'Pause the video' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // A click elsewhere does not restart a video the visitor paused.
    await page.locator('main h2').first().click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play the video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });

  test('the video stays paused when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForTimeout(800);
    await page.locator('main h2').first().click();
    const video = page.getByTestId('home-video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByRole('button', { name: 'Play the video' })).toBeVisible();
  });

  test('the home page has its blocks and Read More / Read Less on the first three steps', async ({ page }) => {
    await page.goto('/');
    // The program's own prose is there from the first start; the blocks of
    // people (donors, team, volunteers, stories) appear once an admin
    // publishes some (see content.spec.ts).
    for (const h of ['Vision and mission', 'Key features', 'Implementation process']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    await expect(page.locator('section[aria-labelledby="about-title"] h2')).toBeVisible();
    const features = page.locator('section[aria-labelledby="features-title"] li');
    await expect(features).toHaveCount(8);
    const steps = page.locator('section[aria-labelledby="process-title"] ol > li');
    await expect(steps).toHaveCount(6);

    const more = steps.getByRole('button', { name: 'Read More...' });
    await expect(more).toHaveCount(3);
    const first = steps.first().getByRole('button');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(steps.first().locator('.read-more-text')).toBeHidden();
    await first.click();
    await expect(first).toHaveText('Read Less..');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(steps.first().locator('.read-more-text')).toBeVisible();
    await first.click();
    await expect(first).toHaveText('Read More...');
    await expect(steps.first().locator('.read-more-text')).toBeHidden();

    await page.getByRole('link', { name: 'More about us' }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
  });
});

test('the text size is remembered across visits', async ({ page }) => {
  await page.goto('/');
  if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
  const base = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.getByRole('button', { name: 'Largest text size' }).click();
  await expect(page.getByRole('button', { name: 'Largest text size' })).toHaveAttribute('aria-pressed', 'true');
  const big = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(big).toBeGreaterThan(base * 1.2);
  // The server paints the next pages at that size, before any script.
  const served = async (path: string) => (await page.request.get(path)).text();
  expect(await served('/aboutus')).toMatch(/<html[^>]* data-text-size="largest"[^>]*>/);
  expect(await served('/aboutus')).toContain('class="text-size-btn text-size-2" aria-pressed="true"');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'largest');
  if (await isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Largest text size' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Normal text size' }).click();
  expect(await served('/aboutus')).not.toMatch(/<html[^>]* data-text-size=/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-text-size', /.+/);
});

test('at the largest text size the painted page is the size the app draws it, so nothing grows', async ({ browser }) => {
  // The blocks of the page's <main>: where each sits and its size.
  const boxes = (p: Page) =>
    p.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2, main p')].slice(0, 6).map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.tagName} ${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    );
  const cookie = (url: string) => [{ name: 'spdc_text_size', value: 'largest', url }];
  for (const path of ['/donation', '/becomevolunteer?lang=hi']) {
    // Painted, before any script (none runs here).
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
    const base = test.info().project.use.baseURL!;
    await still.addCookies(cookie(base));
    const painted = await still.newPage();
    await painted.goto(path);
    await expect(painted.locator('html')).toHaveAttribute('data-text-size', 'largest');
    await painted.evaluate(() => document.fonts.ready);
    const before = await boxes(painted);
    await still.close();
    // Taken over by the app.
    const live = await browser.newContext({ viewport: { width: 412, height: 915 } });
    await live.addCookies(cookie(base));
    const page = await live.newPage();
    await gotoTakenOver(page, path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    expect(before.length, path).toBeGreaterThanOrEqual(2);
    // The app may draw more below; what was painted has not moved or grown.
    expect((await boxes(page)).slice(0, before.length), path).toEqual(before);
    await live.close();
  }
});

/** holdApp opens path on a 375 px phone with the app's entry script held
 * back until release is called: until then, the visitor uses the page
 * the server painted (its header is marked data-painted, which the app's
 * header is not). */
async function holdApp(browser: Browser, path: string): Promise<{ page: Page; context: BrowserContext; release: () => void }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  await page.evaluate(() => document.querySelector('.site-header')!.setAttribute('data-painted', ''));
  return { page, context, release };
}

test('before the app has started, the painted header’s menu, list and text size work, and the app keeps what was chosen and the focus', async ({ browser }) => {
  const { page, context, release } = await holdApp(browser, '/aboutus');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' })).toBeVisible();
  const involved = page.getByRole('button', { name: 'How to get involved' });
  await involved.click();
  await expect(page.locator('#involved-menu').getByRole('link', { name: 'Become a host' })).toBeVisible();
  await page.getByRole('button', { name: 'Largest text size' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'largest');
  await expect(page.getByRole('button', { name: 'Largest text size' })).toHaveAttribute('aria-pressed', 'true');
  // Escape closes what is open, as in the app.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#involved-menu').getByRole('link', { name: 'Become a host' })).toBeHidden();
  await menu.click();
  await involved.click();

  release();
  await page.waitForSelector('.site-header:not([data-painted])');
  // The app's header is open where the painted one was, at the size chosen.
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(involved).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#involved-menu').getByRole('link', { name: 'Become a host' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Largest text size' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'largest');
  // The focus is on the button last pressed, as it was on the painted one.
  await expect(involved).toBeFocused();
  // And it works as the app's own: the menu closes.
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await (await page.request.get('/aboutus')).text()).toMatch(/<html[^>]* data-text-size="largest"/);
  await context.close();
});

test('a sign-in form typed into before the app has started is never sent from the painted page, and the app keeps what was typed and where', async ({ browser }) => {
  const { page, context, release } = await holdApp(browser, '/login');
  const identifier = page.getByLabel('Email or Phone');
  const password = page.getByLabel(/^Password( \*)?$/);
  await identifier.fill('nobody-here@example.org');
  await page.getByLabel('Remember me').check();
  await password.fill('not the password');
  await password.press('ArrowLeft');
  // Enter in the painted form sends nothing: its button waits for the app.
  await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  await password.press('Enter');
  expect(page.url()).toMatch(/\/login$/);

  release();
  await page.waitForSelector('.site-header:not([data-painted])');
  await expect(identifier).toHaveValue('nobody-here@example.org');
  await expect(password).toHaveValue('not the password');
  await expect(page.getByLabel('Remember me')).toBeChecked();
  // The keyboard is where it was, the caret too: the next letter lands
  // before the last one typed.
  await expect(password).toBeFocused();
  await page.keyboard.type('!');
  await expect(password).toHaveValue('not the passwor!d');
  // What the app holds is what is shown: it sends it.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email/phone or password.' })).toBeVisible();
  await context.close();
});

test('an unknown path shows the 404 page with its title', async ({ page }) => {
  // The server answers 404 for a path the app does not know, with the app.
  const res = await page.goto('/this/page/does/not/exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found | ${SITE}`);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Caring for Srila Prabhupada's elderly disciples");
});

test('the coming-soon form saves an address, and a repeat is welcomed the same way', async ({ page }) => {
  await page.goto('/comingsoon');
  const email = `elder-${test.info().project.name}-${Date.now()}@example.org`;
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await page.getByLabel('Your email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await page.getByLabel('Your email address').fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByText('Thank you! We will write to you when this page opens.')).toBeVisible();
  }
});

test('the home page names at most 100 KB (gzip) of JavaScript for its first render', async ({ request }) => {
  // The server paints the home page and names, on its boot script, the
  // code the app's first render needs: the entry and the modules fetched
  // beside it. What the app loads once it has drawn the page (the lower
  // sections, the footer's parts, the toasts) comes after and does not count.
  const page = await (await request.get('/')).text();
  const boot = page.match(/<script defer src="([^"]+)" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/);
  expect(boot, 'the home page is painted and starts the app after its first paint').not.toBeNull();
  const files = [boot![1], boot![2], ...boot![3].split(' ')].filter((f) => f.endsWith('.js'));
  // The server sends Brotli to browsers; the budget is stated in gzip, so
  // each file is compressed here as compress.mjs does (level 9).
  let total = 0;
  for (const url of files) total += gzipSync(await (await request.get(url)).body(), { level: 9 }).length;
  console.log(`home first-render JS: ${files.length} files, ${total} bytes gzip\n  ${files.map((f) => f.replace(/.*\/assets\//, '')).join(' ')}`);
  expect(total).toBeLessThanOrEqual(100 * 1024);
});

/** pngSize reads a PNG's width and height from its header ("32x32"). */
function pngSize(png: Buffer): string {
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test('the tab icon is a small PNG, and every icon the manifest names is served as it says', async ({ request }) => {
  // The browser draws the tab icon in the page's own process as the page
  // starts: an SVG icon costs it a whole hidden document, a PNG a decode.
  const page = await (await request.get('/')).text();
  const icons = [...page.matchAll(/<link rel="icon"[^>]*>/g)].map((m) => m[0]);
  expect(icons).toHaveLength(1);
  expect(icons[0]).toContain('type="image/png"');
  const href = icons[0].match(/href="([^"]+)"/)![1];
  const icon = await request.get(href);
  expect(icon.headers()['content-type']).toBe('image/png');
  const png = await icon.body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeLessThan(2048);
  expect(pngSize(png)).toBe(icons[0].match(/sizes="([^"]+)"/)![1]);

  const manifest = await (await request.get(page.match(/<link rel="manifest" href="([^"]+)"/)![1])).json();
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const m of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const res = await request.get(m.src);
    expect(res.status(), m.src).toBe(200);
    expect(res.headers()['content-type'], m.src).toBe(m.type);
    if (m.type !== 'image/png') continue;
    expect(pngSize(await res.body()), m.src).toBe(m.sizes);
  }
});
