// The staff's day against the real binary: an admin filters the new
// volunteers, opens one, assigns it to themself, adds a note and replies
// (the mail goes out with an unsubscribe link), moves it to interview,
// finds it under Mine; the volunteer sees the new status in My Account.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, adminSession, logIn, storeSession, type Session , openRowMenu } from './fixtures';

const stamp = Date.now().toString(36);
const adminEmail = `staff-${stamp}@example.org`;
const adminPassword = 'a long staff passphrase';
const volEmail = `vol-${stamp}@example.org`;
const volPassword = 'a long volunteer passphrase';
const volName = `Gopi Staffcheck ${stamp}`;

test.describe.configure({ mode: 'serial' });

let admin: Session;
let volunteer: Session;

test.beforeAll(async ({ request }) => {
  admin = await adminSession(request, adminEmail, 'Staff Coordinator', adminPassword);
  const reg = await request.post('/api/users/register', {
    data: { fullName: volName, email: volEmail, mobile: `+9197${String(Date.now()).slice(-8)}`, password: volPassword },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  volunteer = await logIn(request, volEmail, volPassword);
  const res = await request.post('/api/volunteers/register', {
    headers: { Authorization: `Bearer ${volunteer.token}` },
    data: {
      fullName: volName,
      email: volEmail,
      mobile: '+919876543210',
      address: 'Vrindavan',
      country: 'India',
      nearestCenter: 'Vrindavan',
      availability: '5-10 hours/week',
      areasOfInterest: ['Financial Assistance'],
      otherInterest: '',
      experience: 'Cared for my grandmother for years',
      motivation: 'To serve',
      skills: 'Cooking',
      consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
});

test('an admin takes a new volunteer from new to interview; the volunteer sees it', async ({ page, browser }) => {
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers', exact: true }).click();

  // Filter the new ones, then find this volunteer.
  const filtered = page.waitForResponse((r) => r.url().includes('/api/admin/volunteers') && new URL(r.url()).searchParams.get('status') === 'new');
  await page.getByLabel('Status', { exact: true }).selectOption('new');
  await filtered;
  const searched = page.waitForResponse((r) => r.url().includes('/api/admin/volunteers') && new URL(r.url()).searchParams.get('q') === stamp);
  await page.getByLabel('Search').fill(stamp);
  await searched;
  const row = page.getByRole('row').filter({ hasText: volName });
  await expect(row).toHaveCount(1);

  // The detail view: assign to myself.
  await openRowMenu(row);
  await row.getByRole('button', { name: `Details of ${volName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Details: ${volName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No notes yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Owner').selectOption({ label: 'Staff Coordinator' });
  await dialog.getByRole('button', { name: 'Save status and owner' }).click();
  await expect(page.getByText('Status and owner saved.')).toBeVisible();

  // A note, listed at once.
  await dialog.getByLabel('New note').fill('Called on Tuesday; will visit Vrindavan in March.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('list', { name: 'Notes, newest first' })).toContainText('will visit Vrindavan in March');

  // An empty reply is refused; a reply goes out and moves new to contacted.
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Please write the reply.')).toBeVisible();
  await dialog.getByLabel('Subject (optional)').fill('Your offer to volunteer');
  await dialog.getByLabel('Message').fill('Dear Gopi,\nWe would like to meet you next week.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByRole('list', { name: 'Replies, newest first' })).toContainText('Your offer to volunteer');
  await expect(dialog.getByLabel('Status')).toHaveValue('contacted');
  const link = await waitForMail(volEmail, /(\/unsubscribe\/[A-Za-z0-9_.-]+)/);
  expect(link).toMatch(/^\/unsubscribe\//);

  // Interview; the change is saved with the record's new version.
  await dialog.getByLabel('Status').selectOption('interview');
  await dialog.getByRole('button', { name: 'Save status and owner' }).click();
  await expect(page.getByText('Status and owner saved.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Mine: the volunteer is there with its status and owner.
  await page.getByLabel('Status', { exact: true }).selectOption('');
  const mine = page.waitForResponse((r) => r.url().includes('/api/admin/volunteers') && new URL(r.url()).searchParams.get('assigneeId') === 'me');
  await page.getByLabel('Owner', { exact: true }).selectOption('me');
  await mine;
  await expect(page.getByRole('row').filter({ hasText: volName })).toContainText('Staff Coordinator');
  await expect(page.getByRole('row').filter({ hasText: volName })).toContainText('interview');

  // The volunteer's My Account shows the public words of the status.
  const ctx = await browser.newContext();
  const vpage = await ctx.newPage();
  await storeSession(vpage, volunteer);
  await vpage.goto('/myaccount');
  const item = vpage.locator('.subs-item').filter({ hasText: volName });
  await expect(item).toContainText('Interview');
  await expect(vpage.getByText('will visit Vrindavan')).toHaveCount(0);
  await ctx.close();
});

test('an admin picks rows and changes them together', async ({ page }) => {
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers', exact: true }).click();
  const searched = page.waitForResponse((r) => r.url().includes('/api/admin/volunteers') && new URL(r.url()).searchParams.get('q') === stamp);
  await page.getByLabel('Search').fill(stamp);
  await searched;
  await page.getByRole('checkbox', { name: `Select ${volName}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByLabel('Set status').selectOption('active');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 entry updated.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: volName })).toContainText('active');
});
