// Accounts end to end: register, sign in, My Account, edit the
// profile, change the password, log out, forgot password with the link
// from the captured .eml, reset, sign in again; the protected-route
// redirect and return; an admin lands on /admin; axe on every page.
import { expect, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail } from './fixtures';
import { createAdmin } from './cli';

function uniqueUser(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Test ${tag} Devotee`,
    email: `${tag}-${n}@example.org`,
    mobile: `9${n.slice(-9)}`,
    password: 'a long first passphrase',
  };
}

async function logIn(page: Page, identifier: string, password: string, remember = false) {
  await page.getByLabel('Email or Phone').fill(identifier);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('register, sign in, edit profile, change password, log out, reset by email, sign in again', async ({ page }) => {
  // The whole account journey in one test: it runs long on a busy two-core machine.
  test.setTimeout(180_000);
  const u = uniqueUser('journey');

  // Register, with a Show password that works.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('link', { name: 'Please enter your full name.' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Full name').fill(u.name);
  await page.getByLabel('Email address').fill(u.email);
  await page.getByLabel('Mobile no.').fill(`+91 ${u.mobile.slice(0, 5)} ${u.mobile.slice(5)}`);
  const pw = page.getByLabel(/^Password( \*)?$/);
  await pw.fill(u.password);
  await expect(pw).toHaveAttribute('type', 'password');
  await page.getByLabel('Show password').check();
  await expect(pw).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('User registered successfully! Please login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // A second registration with the same mobile in another format is refused.
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email address').fill(`other-${u.email}`);
  await page.getByLabel('Mobile no.').fill(`0${u.mobile}`);
  await page.getByLabel(/^Password( \*)?$/).fill('another passphrase');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email or mobile already registered' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mobile no. is already registered.' })).toBeVisible();

  // A wrong password: one message above the form, in red.
  await page.goto('/login');
  await expectNoAxeViolations(page);
  await logIn(page, u.email, 'not my password');
  const err = page.getByRole('alert').filter({ hasText: 'Invalid email/phone or password.' });
  await expect(err).toBeVisible();
  await expect(err).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expectNoAxeViolations(page);

  // Sign in with the mobile number; home after 2 s.
  await page.getByLabel('Email or Phone').fill(u.mobile);
  await page.getByLabel(/^Password( \*)?$/).fill(u.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').isAdmin)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // My Account.
  await page.goto('/myaccount');
  await expect(page.getByRole('heading', { level: 2, name: u.name })).toBeVisible();
  const card = page.locator('.account-details');
  await expect(card).toContainText(u.email);
  await expect(card).toContainText(`+91${u.mobile}`);
  await expect(card.locator('.account-detail').filter({ hasText: 'Address' })).toContainText('Not set');
  await expect(card).toContainText('Registration Date');
  await expect(card).toContainText('User ID');
  await expectNoAxeViolations(page);

  // Edit profile.
  await page.getByRole('button', { name: 'Edit Profile / Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile / Change Password' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Full name').fill(`${u.name} Dasi`);
  await dialog.getByLabel('Address').fill('12 Temple Road, Vrindavan');
  await dialog.getByRole('button', { name: 'Save Profile' }).click();
  await expect(dialog.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${u.name} Dasi` })).toBeVisible();

  // Change password: a mismatch is caught without a call, then it works.
  await dialog.getByLabel('Current Password').fill(u.password);
  await dialog.getByLabel(/^New Password( \*)?$/).fill('second long passphrase');
  await dialog.getByLabel('Confirm New Password').fill('something else entirely');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('link', { name: 'New passwords do not match.' })).toBeVisible();
  await dialog.getByLabel('Confirm New Password').fill('second long passphrase');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password changed successfully.')).toBeVisible();

  // Closing clears fields and messages.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit Profile / Change Password' }).click();
  await expect(dialog.getByText('Password changed successfully.')).toHaveCount(0);
  await expect(dialog.getByLabel('Current Password')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('12 Temple Road, Vrindavan');

  // Logout.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Forgot password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/recoverpassword$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Email address').fill(u.email.toUpperCase());
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
  const token = await waitForMail(u.email, /\/reset-password\/([A-Za-z0-9_-]{43})/, 30_000);

  // Reset.
  await page.goto(`/reset-password/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New Password').fill('third long passphrase');
  await page.getByLabel('Confirm Password').fill('third long passphrase!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm Password').fill('third long passphrase');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/Password reset successful!/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  // The link works once, and says so as soon as it is opened again.
  await page.goto(`/reset-password/${token}`);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByLabel('New Password')).toHaveCount(0);

  // Sign in with the new password.
  await page.goto('/login');
  await logIn(page, u.email, 'second long passphrase');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email/phone or password.' })).toBeVisible();
  await logIn(page, u.email, 'third long passphrase');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});

test('a protected page sends a visitor to log in and back', async ({ page, request }) => {
  const u = uniqueUser('return');
  const res = await request.post('/api/users/register', { data: { fullName: u.name, email: u.email, mobile: u.mobile, password: u.password } });
  expect(res.status()).toBe(201);

  await page.goto('/myaccount');
  await expect(page.getByText('login first')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, u.email, u.password, true);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 2, name: u.name })).toBeVisible();

  // A session the server no longer accepts ends cleanly at /login.
  await page.evaluate(() => localStorage.setItem('token', 'revoked-or-expired-token'));
  await page.goto('/myaccount');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an admin signs in and lands on /admin', async ({ page }) => {
  const email = `admin-${Date.now()}@example.org`;
  createAdmin(email, 'Program Admin', 'admin long passphrase');
  await page.goto('/login');
  await logIn(page, email, 'admin long passphrase');
  await expect(page.getByText('Admin login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 5_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').isAdmin)).toBe(true);
});

test('the static recover page and small screens', async ({ page }) => {
  await page.goto('/recover');
  await expect(page.getByRole('heading', { level: 1, name: 'Recover Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recover' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/login', '/register', '/recoverpassword']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  }
});
