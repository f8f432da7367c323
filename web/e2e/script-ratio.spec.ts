// The share of the main text written in the chosen script, on a 375 px
// phone, for every public route of a fresh install in Hindi and Bengali:
// the letters of the page's <main> in Devanagari (or Bengali) against
// those in Latin. What may stay in Latin letters is names (SPDC, PAN,
// UPI, 80G), e-mail addresses and the few texts quoted word for word in
// English; everything the site ships with is translated, so each route's
// share is high, and each route is clean for axe. Each route's counts are
// written to the test's output.
//
// The other browser tests fill the shared server with their own people,
// bank accounts and phone labels; this one measures a fresh install, so it
// starts a server of its own on an empty data directory.
import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures';
import { scriptShare, startFresh, type FreshServer } from './fresh-server';

let server: FreshServer | undefined;
let base = '';

test.beforeAll(async () => {
  server = await startFresh();
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 375, height: 800 } });
test.setTimeout(120_000);

// Every public route; those with a token or a code in their path are
// opened with one that matches nothing, as a stale link would.
const routes = ['/', '/contactus', '/becomevolunteer', '/discipleRegistration', '/Host', '/donation', '/services', '/causes', '/faq',
  '/comingsoon', '/privacypolicy', '/teamcondition', '/aboutus', '/login', '/register', '/recoverpassword', '/recover',
  '/testimonial', '/team', '/Team', '/events', '/eventdetails', '/causesdetails', '/servicesdetails', '/implementationProcess',
  '/volunteer', '/Volunteer', '/Reg', '/donor', '/error', '/accounts', '/reset-password/no-such-token', '/setup/no-such-token',
  '/verify-email/no-such-token', '/receipts/verify/NOSUCHCODE', '/no-such-page'];

// Texts the site quotes word for word in English in every language (a
// page's original title, heading or button), and the command a stale setup
// link names: left out of the count, as names are.
const quoted = ['Confirmation by Srila Prabhupada Disciple or Authority', 'Submit Registration', "Behind The Donor's Of", 'Oops! Page Not Found', 'spdc admin create'];

// The least share of the chosen script on a route.
const least = 0.95;

for (const lang of ['hi', 'bn'] as const) {
  test.describe(`the main text in ${lang}`, () => {
    for (const path of routes) {
      test(`${path} is written in its script`, async ({ page }) => {
        await page.goto(`${base}${path}?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The site's own content (and a form's lazy parts) come after the frame.
        await page.waitForLoadState('networkidle');
        const text = quoted.reduce((t, q) => t.split(q).join(' '), await page.locator('main').innerText());
        const { own, latin, share } = scriptShare(text, lang);
        console.log(`script-ratio ${lang} ${path} ${own} ${latin} ${share.toFixed(3)}`);
        test.info().annotations.push({ type: 'script-ratio', description: `${lang} ${path}: ${own} in script, ${latin} Latin (${(share * 100).toFixed(1)}%)` });
        expect(own).toBeGreaterThan(0);
        expect(share, `${lang} ${path}: ${own} letters in script, ${latin} Latin`).toBeGreaterThanOrEqual(least);
        await expectNoAxeViolations(page);
      });
    }
  });
}
