// Email confirmation end to end: a new account's My Account asks to
// confirm the address; "Send the link" mails a link (read from the
// captured .eml); the link's page confirms it, and a second visit says it
// was used; the banner is gone. axe on each page.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, logIn, storeSession, mailsTo } from './fixtures';

test('a new account confirms its address from the mailed link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `confirm-${n}@example.org`;
  const password = 'a long first passphrase';
  const reg = await request.post('/api/users/register', {
    data: { fullName: 'Confirming Devotee', email, mobile: `9${n.slice(-9)}`, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const s = await logIn(request, email, password);
  expect(s.user.emailVerified).toBe(false);
  // The registration's own link arrives first; the one asked for below replaces it.
  await waitForMail(email, /\/verify-email\/([A-Za-z0-9_-]{43})/, 30_000);
  await storeSession(page, s);

  await page.goto('/myaccount');
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(email);
  await expectNoAxeViolations(page);
  const before = mailsTo(email).length;
  await banner.getByRole('button', { name: 'Send the link' }).click();
  await expect(banner.getByRole('status')).toContainText('We have sent a confirmation link');
  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBeGreaterThan(before);
  const token = await waitForMail(email, /\/verify-email\/([A-Za-z0-9_-]{43})/, 30_000);

  await page.goto(`/verify-email/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('your email address is confirmed');
  await expectNoAxeViolations(page);

  // Used once: opening it again says so, and confirms nothing new.
  await page.goto(`/verify-email/${token}`);
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
});
