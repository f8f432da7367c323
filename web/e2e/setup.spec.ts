// First run: a server started on an empty database prints a one-time
// setup link (terminal only); opening it in the browser creates the first
// admin, who lands signed in on the dashboard; the link then no longer
// works. This spec starts its own server with a fresh data directory, so
// the shared test server (where other specs create admins) is untouched.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures';
import { freePort, waitReady } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

let child: ChildProcess | undefined;
let dataDir = '';
let base = '';
let printed = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'spdc-e2e-setup-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    SPDC_ADDR: `127.0.0.1:${port}`,
    SPDC_DATA_DIR: dataDir,
    SPDC_PUBLIC_URL: base,
    SPDC_TRUSTED_PROXIES: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  child.stdout?.on('data', (d) => {
    printed += d.toString();
  });
  await waitReady(base, 20_000);
  await expect.poll(() => printed, { timeout: 10_000 }).toContain('The site is running at');
});

test.afterAll(() => {
  child?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the printed setup link creates the first admin once', async ({ page }) => {
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
