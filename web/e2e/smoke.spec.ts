import { expect } from '@playwright/test';
import { test, expectNoAxeViolations } from './fixtures';

test('home page renders inside the layout', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('main#main h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('a deep link is served by the index fallback', async ({ page }) => {
  const res = await page.goto('/admin');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('main#main')).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/TEAM');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('unknown API paths answer JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
  expect((await res.json()).message).toBeTruthy();
});

test('a page whose code cannot load shows Loading chunk failed with a reload button', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main#main h1')).toHaveCount(1);
  // The Privacy Policy page's chunk fails, as after a release or a dropped
  // connection.
  await page.route(/\/assets\/privacy-[^/]*\.js$/, (route) => route.abort('connectionreset'));
  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loading chunk failed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  // The header and footer stay, so the visitor can go elsewhere.
  await expect(page.locator('footer')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute(/\/assets\/privacy-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Loading chunk failed');
});

test('no page or toast breaks the style policy, and toasts keep their look', async ({ page }) => {
  // Record every Content-Security-Policy violation the browser reports.
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).not.toContain('unsafe-inline');
  await expect(page.locator('main#main h1')).toHaveCount(1);
  for (const path of ['/register', '/login', '/contactus']) {
    await page.goto(path);
    await expect(page.locator('main#main h1')).toHaveCount(1);
  }
  // A protected page without a session raises a toast (sonner's stylesheet).
  await page.goto('/myaccount');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'login first' });
  await expect(toast).toBeVisible();
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
