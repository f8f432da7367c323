// First run: a server started on an empty database prints a one-time
// setup link (terminal only); opening it in the browser creates the first
// admin, who lands signed in on the dashboard; the link then no longer
// works. This spec starts its own server with a fresh data directory, so
// the shared test server (where other specs create admins) is untouched.
import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures';
import { startSpdc, type Spdc } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

let server: Spdc | undefined;
let base = '';

test.beforeAll(async () => {
  server = await startSpdc(binary, { prefix: 'spdc-e2e-setup-', env: { SPDC_TRUSTED_PROXIES: '127.0.0.1' }, ready: 20_000 });
  base = server.base;
  await expect.poll(() => server!.printed(), { timeout: 10_000 }).toContain('The site is running at');
});

test.afterAll(async () => {
  await server?.stop();
});

test('the printed setup link creates the first admin once', async ({ page }) => {
  const printed = server!.printed();
  const m = printed.match(/(http:\/\/\S+)\/setup\/([A-Za-z0-9_-]{43})/);
  expect(m, printed).not.toBeNull();
  const link = `${m![1]}/setup/${m![2]}`;
  expect(link.startsWith(base)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Create the first admin' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expectNoAxeViolations(page);

  // A user's password is too short for an admin: refused in the page.
  await page.getByLabel('Full name').fill('First Admin');
  await page.getByLabel(/^Email/).fill('first.admin@example.org');
  await page.getByLabel(/^Password( \*)?$/).fill('ten chars!');
  await page.getByRole('button', { name: 'Create admin' }).click();
  await expect(page.getByLabel(/^Password( \*)?$/)).toHaveAttribute('aria-invalid', 'true');

  // A common password passes the page's check and is refused by the server.
  await page.getByLabel(/^Password( \*)?$/).fill('password123456');
  await page.getByRole('button', { name: 'Create admin' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel(/^Password( \*)?$/)).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(/^Password( \*)?$/).fill('a long and unusual admin passphrase');
  await page.getByRole('button', { name: 'Create admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // The link is used up.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('An admin already exists');
});
