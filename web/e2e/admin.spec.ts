// The admin dashboard (issue 6) against the real binary: an admin
// searches, pages, edits, is refused where the spec forbids, deletes a
// pending registration and downloads the CSV; a non-admin is turned away.
import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations, waitForMail } from './fixtures';
import { createAdmin } from './cli';

const stamp = Date.now().toString(36);
const adminEmail = `admin-${stamp}@example.org`;
const password = 'a long admin passphrase';
const marker = `zmark${stamp}`;

async function login(request: APIRequestContext, identifier: string, pw: string) {
  const res = await request.post('/api/users/login', { data: { identifier, password: pw } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; user: Record<string, unknown> };
}

async function signIn(page: Page, session: { token: string; user: Record<string, unknown> }) {
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

/** searchFor types into the search box and waits for the searched list. */
async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByLabel('Search').fill(text);
  await answered;
}

test.describe.configure({ mode: 'serial' });

let admin: { token: string; user: Record<string, unknown> };

test.beforeAll(async ({ request }) => {
  createAdmin(adminEmail, 'Program Admin', password);
  admin = await login(request, adminEmail, password);
  for (let i = 1; i <= 12; i++) {
    const res = await request.post('/api/volunteers/register', {
      data: {
        fullName: `${marker} Volunteer ${String(i).padStart(2, '0')}`,
        email: `vol${i}-${stamp}@example.org`,
        mobile: '+919876543210',
        address: 'Vrindavan',
        country: 'India',
        nearestCenter: 'Vrindavan',
        availability: '5-10 hours/week',
        areasOfInterest: ['Financial Assistance'],
        otherInterest: '',
        experience: 'Cooking for elders over many years of service',
        motivation: 'To serve',
        skills: 'Cooking',
        consent: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const res = await request.post('/api/disciples/register', {
    data: {
      fullName: `${marker} Pending Disciple`,
      dateOfBirth: '1945-08-15',
      address: 'Mayapur',
      contactNumber: '+919876543211',
      discipleEmail: `disciple-${stamp}@example.org`,
      templePresidentEmail: `tp-${stamp}@example.org`,
      initiationDate: '1972-03-01',
      initiationName: 'Test Das',
    },
  });
  expect([200, 201]).toContain(res.status());
});

test('a visitor is sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a non-admin sees Access Denied', async ({ page, request }) => {
  const email = `user-${stamp}@example.org`;
  const reg = await request.post('/api/users/register', {
    data: { fullName: 'Plain User', email, mobile: '+919812345678', password: 'a long user passphrase' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await signIn(page, await login(request, email, 'a long user passphrase'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible();
});

test('an admin searches, pages, edits and is refused where the spec forbids', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  // Refused on an admin user (the client toast; the server says the same).
  const adminRow = page.getByRole('row').filter({ hasText: adminEmail });
  await adminRow.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByText('You cannot edit admin data!')).toBeVisible();
  await adminRow.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByText('You cannot delete admin data!')).toBeVisible();
  const api = await page.request.put(`/api/admin/users/${String(admin.user._id)}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { fullName: 'X', __v: 0 },
  });
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe('You cannot edit admin data!');

  // Search and paging on the volunteers tab.
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  await searchFor(page, marker);
  await expect(page.getByText('Showing 1-5 of 12')).toBeVisible();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 6-10 of 12')).toBeVisible();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible();
  await page.getByLabel('Rows per page').selectOption({ label: 'Full List' });
  await expect(page.getByText('Showing 1-12 of 12')).toBeVisible();
  // Long text is cut to 12 characters plus an ellipsis, full text on focus.
  await expect(page.getByText('Cooking for …').first()).toBeVisible();
  // The search text changing goes back to page 1.
  await page.getByLabel('Rows per page').selectOption('5');
  await page.getByRole('button', { name: 'Next' }).click();
  await searchFor(page, `${marker} Volunteer 1`);
  await expect(page.getByText('Showing 1-3 of 3')).toBeVisible();

  // Edit a volunteer.
  const row = page.getByRole('row').filter({ hasText: `${marker} Volunteer 12` }).first();
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Full Name').fill(`${marker} Volunteer 1 Edited`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: /Edited/ }).first()).toBeAttached();

  // Approval is refused: read-only in the form, 403 from the server.
  const tp = `tp2-${stamp}@example.org`;
  const reg = await page.request.post('/api/disciples/register', {
    data: { fullName: `${marker} Approved Disciple`, dateOfBirth: '1940-01-02', address: 'Puri', contactNumber: '+919876543212',
      discipleEmail: `d2-${stamp}@example.org`, templePresidentEmail: tp, initiationDate: '1970-05-06', initiationName: 'Approved Das' },
  });
  expect([200, 201]).toContain(reg.status());
  const token = decodeURIComponent(await waitForMail(tp, /Reg\?token=([^\s"&<]+)/));
  const ok = await page.request.post('/api/approval/approve', {
    data: { token, referrerName: 'Ref Person', referrerPosition: 'Temple President', referrerContact: '+919876543213', referrerEmail: tp,
      referrerSignature: 'Ref Person', referrerSignedOn: '2024-01-01', applicantSignature: 'Applicant', applicantSignedOn: '2024-01-01' },
  });
  expect(ok.status(), await ok.text()).toBe(200);
  await page.getByRole('tab', { name: 'Disciples' }).click();
  await searchFor(page, `${marker} Approved`);
  const drow = page.getByRole('row').filter({ hasText: 'Approved Disciple' });
  await expect(drow.getByText('Yes')).toBeVisible();
  await expect(drow.getByText('Ref Person')).toBeVisible();
  await drow.getByRole('button', { name: /^Edit / }).click();
  const ddialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(ddialog.getByLabel('Approved (read-only)')).toBeDisabled();
  await ddialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ddialog).toBeHidden();
  const id = (await drow.getByRole('cell').nth(-2).innerText()).trim();
  const refused = await page.request.put(`/api/admin/disciples/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { isApproved: false, __v: 1 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Admin cannot approve disciples.');
});

test('an admin deletes a pending registration', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Pending' }).click();
  await searchFor(page, marker);
  const row = page.getByRole('row').filter({ hasText: `${marker} Pending` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('awaiting')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Resend / })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  // A pending record cannot be edited through the API either.
  const id = (await row.getByRole('cell').nth(-2).innerText()).trim();
  const put = await page.request.put(`/api/admin/pending-disciples/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { fullName: 'X', __v: 0 },
  });
  expect((await put.json()).message).toBe('Editing not allowed for this type.');
  await row.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(dialog.getByText('Are you sure you want to delete this entry?')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Entry deleted successfully!')).toBeVisible();
  await expect(page.getByText('No entries found.')).toBeVisible();
});

test('an admin downloads the CSV of the filtered list', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  await searchFor(page, marker);
  await expect(page.getByText('Showing 1-5 of 12')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('volunteers-data.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain('Full name,Email');
  expect(lines).toHaveLength(13);
  expect(text).toContain(`${marker} Volunteer 1 Edited`);
  expect(text).toContain("'+919876543210");
});
