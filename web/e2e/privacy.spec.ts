// Privacy end to end: a form shows its privacy notice; My Account's My
// data downloads a copy (file and readable page), withdraws a consent,
// and deletes the account after the password, which then no longer signs
// in; axe on the notice, My data, the delete dialog and the readable copy.
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { test, expectNoAxeViolations } from './fixtures';

test('export and delete my data from My Account', async ({ page }) => {
  test.setTimeout(90_000);
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const u = { name: `Privacy ${n.slice(-6)} Devotee`, email: `privacy-${n}@example.org`, password: 'a long privacy passphrase', mobile: `9${n.slice(-9)}` };
  const reg = await page.request.post('/api/users/register', { data: { fullName: u.name, email: u.email, mobile: u.mobile, address: '1 Lane', password: u.password } });
  expect(reg.status()).toBe(201);

  // The volunteer form shows its notice, closed until opened.
  await page.goto('/becomevolunteer');
  const notice = page.getByText('How we use what you give in this form (privacy notice)');
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page.getByText('Data Protection Board of India')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/login');
  await page.getByLabel('Email or Phone').fill(u.email);
  await page.getByLabel(/^Password( \*)?$/).fill(u.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const vol = await page.request.post('/api/volunteers/register', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      fullName: u.name, email: u.email, mobile: '+91 98765 43210', address: '12 Temple Road', country: 'India',
      nearestCenter: 'ISKCON Vrindavan', availability: '5-10 hours/week', areasOfInterest: ['Other'], otherInterest: 'Cooking',
      experience: 'Nursing', motivation: 'Service', skills: 'Care', consent: true,
    },
  });
  expect(vol.status()).toBe(201);

  await page.goto('/myaccount');
  await expect(page.getByRole('heading', { name: 'My data', exact: true })).toBeVisible();
  await expect(page.getByText(/Volunteer form, given on/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The copy as a file holds my account and my form.
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (file)' }).click()]);
  expect(json.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(readFileSync(await json.path(), 'utf8'));
  expect(data.account.email).toBe(u.email);
  expect(data.records.volunteers).toHaveLength(1);
  await expect(page.getByText('Your data was downloaded as my-data.json.')).toBeVisible();

  // The readable copy is a page a person can read, and passes axe.
  const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a readable copy' }).click()]);
  const page2 = await page.context().newPage();
  await page2.setContent(readFileSync(await html.path(), 'utf8'));
  await expect(page2.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await expect(page2.getByText(u.email).first()).toBeVisible();
  await expectNoAxeViolations(page2);
  await page2.close();

  // Withdrawing the consent erases the form.
  await page.getByRole('button', { name: /Withdraw consent: Volunteer form/ }).click();
  await page.getByRole('button', { name: 'Yes, withdraw my consent' }).click();
  await expect(page.getByText('Consent withdrawn. The form you sent with it has been erased.')).toBeVisible();
  await expect(page.getByText(/; withdrawn on/)).toBeVisible();

  // Delete: a wrong password is refused and changes nothing; the right one erases.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Password').fill('not my password at all');
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(dialog.getByRole('alert')).toContainText('incorrect');
  await dialog.getByLabel('Password').fill(u.password);
  await dialog.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText('Your account and your data have been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const login = await page.request.post('/api/users/login', { data: { identifier: u.email, password: u.password } });
  expect(login.status()).toBe(401);
  const again = await page.request.post('/api/users/register', { data: { fullName: u.name, email: u.email, mobile: u.mobile, address: '1 Lane', password: u.password } });
  expect(again.status()).toBe(201);
});

test('a visitor writes to the grievance officer from the Privacy page', async ({ page }) => {
  await page.goto('/privacypolicy');
  await expect(page.getByRole('heading', { name: 'Your rights and our grievance officer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('alert')).toContainText('Please write your request or complaint');
  await expect(page.getByLabel('Your request or complaint')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Your name').fill('Visiting Devotee');
  await page.getByLabel('Your email').fill(`grievance-${Date.now()}@example.org`);
  await page.getByLabel('Your request or complaint').fill('Please erase the contact message I sent last year.');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'our answer is due by' })).toBeVisible();
  await expectNoAxeViolations(page);
});
