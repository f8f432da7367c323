// Staff roles against the real binary: a coordinator and an accountant
// made with `spdc admin create --role` each see only the lists and views
// their work needs (and the server refuses the rest), and an admin gives
// a role in the Staff view; every page is axe clean.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, adminSession, logIn, storeSession, type Session } from './fixtures';
import { createStaff } from './cli';

const stamp = Date.now().toString(36);
const password = 'a long roles passphrase';
const coordEmail = `coord-${stamp}@example.org`;
const accEmail = `acc-${stamp}@example.org`;
const coordName = `Chandra Coord ${stamp}`;

test.describe.configure({ mode: 'serial' });

let admin: Session;
let coord: Session;
let acc: Session;

test.beforeAll(async ({ request }) => {
  admin = await adminSession(request, `roles-admin-${stamp}@example.org`, 'Roles Admin', password);
  createStaff(coordEmail, coordName, password, ['coordinator']);
  createStaff(accEmail, `Arun Accounts ${stamp}`, password, ['accountant']);
  coord = await logIn(request, coordEmail, password);
  acc = await logIn(request, accEmail, password);
});

// A tab's name without its count of new records ("Volunteers3 new"), which
// the other tests running beside this one keep changing.
const tabNames = async (page: import('@playwright/test').Page) =>
  (await page.getByRole('tab').allTextContents()).map((s) => s.replace(/\d+ new$/, '').trim());

test('a coordinator sees the people lists and no gifts, accounts, logs or settings', async ({ page, request }) => {
  expect(coord.user.roles).toEqual(['coordinator']);
  expect(coord.user.isAdmin).toBe(false);
  await storeSession(page, coord);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Volunteers', exact: true })).toBeVisible();
  const tabs = await tabNames(page);
  expect(tabs).toEqual(expect.arrayContaining(['Disciples', 'Pending', 'Volunteers', 'Hosts', 'Messages', 'Subscribers', 'Referrers']));
  for (const hidden of ['Users', 'Donations', 'Grievances', 'Mail', 'Audit']) expect(tabs).not.toContain(hidden);
  const views = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(views.getByRole('link', { name: 'For elders' })).toBeVisible();
  await expect(views.getByRole('link', { name: 'Site content' })).toHaveCount(0);
  await expect(views.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The server refuses what the page does not offer.
  const auth = { Authorization: `Bearer ${coord.token}` };
  for (const path of ['/api/admin/donations', '/api/admin/donations/export.csv', '/api/admin/users', '/api/admin/audit', '/api/admin/access-log', '/api/admin/site/settings']) {
    const res = await request.get(path, { headers: auth });
    expect(res.status(), path).toBe(403);
  }
});

test('an accountant sees the donations and nothing of the elders', async ({ page, request }) => {
  await storeSession(page, acc);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Donations', exact: true })).toBeVisible();
  // The help paid to elders, for approval, with no elder named.
  expect(await tabNames(page)).toEqual(['Donations', 'Payments']);
  const views = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(views.getByRole('link', { name: 'For elders' })).toHaveCount(0);
  await expect(views.getByRole('link', { name: 'Site content' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const auth = { Authorization: `Bearer ${acc.token}` };
  for (const path of ['/api/admin/disciples', '/api/admin/volunteers/export.csv', '/api/admin/pending-disciples', '/api/admin/assisted', '/api/admin/staff', '/api/admin/care', '/api/admin/partners']) {
    const res = await request.get(path, { headers: auth });
    expect(res.status(), path).toBe(403);
  }
});

test('an admin gives the coordinator a second role in the Staff view', async ({ page, request }) => {
  await storeSession(page, admin);
  await page.goto('/admin?view=staff');
  const box = page.getByRole('group', { name: `Roles of ${coordName}` });
  await expect(box.getByRole('checkbox', { name: 'Coordinator' })).toBeChecked();
  await expectNoAxeViolations(page);
  await box.getByRole('checkbox', { name: 'Trustee' }).check();
  await box.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('Roles saved.')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Save roles' })).toBeDisabled();

  // A new role ends the coordinator's old session; signed in again, they
  // hold both.
  const old = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${coord.token}` } });
  expect(old.status()).toBe(401);
  const again = await logIn(request, coordEmail, password);
  expect(again.user.roles).toEqual(['coordinator', 'trustee']);
});

test('an admin reads in the Access log the coordinator\'s refused requests', async ({ page }) => {
  await storeSession(page, admin);
  await page.goto('/admin?view=access');
  const row = page.getByRole('row').filter({ hasText: coordEmail }).filter({ hasText: 'GET /api/admin/donations/export.csv' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'denied' })).toBeVisible();
  await expectNoAxeViolations(page);
});
