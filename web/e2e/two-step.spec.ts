// Two-step sign-in against the real binary, on a server of its own (once
// anyone sets it up, every admin and accountant of that server needs it,
// which the other specs' admins must not): an admin sets it up in My
// Account from the key shown, with a code computed here as the phone's
// app would; the recovery codes are shown once; signing in then asks for
// the code; an accountant without it is sent from the dashboard to set it
// up. Every page is axe clean.
import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations, logIn, storeSession, test } from './fixtures';
import { startSpdc, type Spdc } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

let server: Spdc | undefined;
let base = '';

const password = 'a long two-step passphrase';
const adminEmail = 'two-step-admin@example.org';
const accEmail = 'two-step-accounts@example.org';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startSpdc(binary, { prefix: 'spdc-e2e-two-step-', env: { SPDC_TRUSTED_PROXIES: '127.0.0.1' }, ready: 20_000 });
  base = server.base;
  const { env } = server;
  execFileSync(binary, ['admin', 'create', '--email', adminEmail, '--name', 'Tulasi Admin'], { input: password + '\n', env });
  execFileSync(binary, ['admin', 'create', '--email', accEmail, '--name', 'Arjun Accounts', '--role', 'accountant'], { input: password + '\n', env });
});

test.afterAll(async () => {
  await server?.stop();
});

/** app is the authenticator app on the phone, holding the key typed in. */
const app = (key: string) => new TOTP({ issuer: 'SPDC', label: adminEmail, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) });

let key = '';
let recovery: string[] = [];

test('an admin sets up two-step sign-in in My Account and sees the recovery codes once', async ({ page, request }) => {
  test.setTimeout(120_000);
  await storeSession(page, await logIn(request, adminEmail, password, base), `${base}/`);
  await page.goto(`${base}/myaccount`);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code to add SPDC to your authenticator app' })).toBeVisible();
  key = (await section.getByTestId('two-step-key').textContent())!.replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoAxeViolations(page);

  // A wrong code is said beside the field; the right one turns it on.
  const field = section.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill('12345');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(app(key).generate());
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  recovery = (await codes.allTextContents()).map((c) => c.trim());
  for (const c of recovery) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(section.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('Two-step sign-in is on.').first()).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
});

test('signing in asks for the code, and a recovery code works once', async ({ page }) => {
  test.setTimeout(120_000);
  const signIn = async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email or Phone').fill(adminEmail);
    await page.getByLabel(/^Password( \*)?$/).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  };
  await signIn();
  // No session yet: the password alone signed no one in.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const field = page.getByLabel('6-digit code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page);

  // The code of the next 30 seconds (the one used to set up is spent).
  await field.fill(app(key).generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/admin`, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Users', exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // A recovery code instead, typed in small letters: once.
  await signIn();
  await page.getByRole('button', { name: 'No phone at hand? Use a recovery code' }).click();
  const rec = page.getByLabel('Recovery code');
  await expect(rec).toBeFocused();
  await rec.fill(recovery[0].toLowerCase());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/admin`, { timeout: 15_000 });
  await page.evaluate(() => localStorage.clear());

  await signIn();
  await page.getByRole('button', { name: 'No phone at hand? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This code is not right, or it was already used.').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an accountant without two-step sign-in is sent from the dashboard to set it up', async ({ page, request }) => {
  await storeSession(page, await logIn(request, accEmail, password, base), `${base}/`);
  await page.goto(`${base}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Set up two-step sign-in in My Account' }).click();
  await expect(page).toHaveURL(`${base}/myaccount#two-step`);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Your role needs two-step sign-in: set it up here to open the dashboard.')).toBeVisible();
  await expectNoAxeViolations(page);
});
