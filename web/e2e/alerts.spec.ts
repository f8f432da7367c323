// The dashboard's banner of alerts: on this healthy test server the real
// list is empty and no banner shows; with the server's answer standing for
// a full disk and a failed backup, the banner names both, with what was
// found, and passes axe.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, adminSession, storeSession } from './fixtures';

const stamp = Date.now().toString(36);
const adminEmail = `alerts-admin-${stamp}@example.org`;
const adminPassword = 'a long alerts passphrase';

const alerts = [
  { kind: 'disk_full', detail: '/srv/spdc: 95 % used, 700 MB free', since: '2026-03-02T08:00:00Z' },
  { kind: 'backup_failed', detail: 'backup directory /srv/backups: permission denied', since: '2026-03-02T09:00:00Z' },
];

test('the dashboard shows the alerts that hold, and none when all is well', async ({ page, request }) => {
  test.setTimeout(120_000);
  await storeSession(page, await adminSession(request, adminEmail, 'Alerts Admin', adminPassword));

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/alerts'));
  await page.goto('/admin');
  const real = await answered;
  expect(real.status()).toBe(200);
  expect((await real.json()).alerts).toEqual([]);
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toHaveCount(0);

  await page.route('**/api/admin/alerts', (route) => route.fulfill({ json: { alerts } }));
  await page.reload();
  const banner = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Needs attention' }) });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('listitem')).toHaveCount(2);
  await expect(banner).toContainText('over 90 % full');
  await expect(banner).toContainText('Found: backup directory /srv/backups: permission denied');
  await expectNoAxeViolations(page);
});
