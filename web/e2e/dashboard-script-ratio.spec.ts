// The dashboard in Hindi and Bengali, as a coordinator who reads only one
// of them meets it on a fresh install, on a 375 px phone: the share of the
// letters of its <main> written in the chosen script, on each list and
// each view. What may stay in Latin letters is names (the admin's own,
// SPDC, PAN, UPI, 80G), e-mail addresses and the values stored as they
// were typed. Each view's counts are written to the test's output.
import { expect } from '@playwright/test';
import { expectNoAxeViolations, logIn, storeSession, test, type Session } from './fixtures';
import { scriptShare, startFresh, type FreshServer } from './fresh-server';

let server: FreshServer | undefined;
let admin: Session;

test.beforeAll(async ({ playwright }) => {
  server = await startFresh();
  server.createAdmin('sevak@example.org', 'Sevak', 'a long admin passphrase 1');
  const request = await playwright.request.newContext();
  admin = await logIn(request, 'sevak@example.org', 'a long admin passphrase 1', server.base);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 375, height: 800 } });
test.setTimeout(180_000);

// The lists of the records view, and the dashboard's other views.
const views = [
  '/admin?tab=users',
  '/admin?tab=volunteers',
  '/admin?tab=disciples',
  '/admin?tab=hosts',
  '/admin?tab=donations',
  '/admin?tab=grievances',
  '/admin?tab=mail',
  '/admin?tab=audit',
  '/admin?view=breaches',
  '/admin?view=assisted',
  '/admin?view=staff',
  '/admin?view=access',
];

// The least share of the chosen script on a view.
const least = 0.9;

for (const lang of ['hi', 'bn'] as const) {
  test(`the dashboard is written in ${lang === 'hi' ? 'Hindi' : 'Bengali'}`, async ({ page }) => {
    const base = server!.base;
    await storeSession(page, admin, `${base}/?lang=${lang}`);
    const low: string[] = [];
    for (const view of views) {
      await page.goto(`${base}${view}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('main').innerText();
      const { own, latin, share } = scriptShare(text, lang);
      console.log(`dashboard-script-ratio ${lang} ${view} ${own} ${latin} ${share.toFixed(3)}`);
      test.info().annotations.push({ type: 'script-ratio', description: `${lang} ${view}: ${own} in script, ${latin} Latin (${(share * 100).toFixed(1)}%)` });
      if (own === 0 || share < least) low.push(`${view}: ${own} letters in script, ${latin} Latin`);
    }
    expect(low, `views below ${least * 100}% in ${lang}`).toEqual([]);
    await page.goto(`${base}/admin?tab=volunteers`);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}
