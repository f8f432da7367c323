// Stored cross-site scripting: hostile text submitted through
// the public forms is shown as text in the admin dashboard, its edit form
// and the submitter's My Account, and never runs.
import { expect, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, adminSession, logIn, storeSession , openRowMenu } from './fixtures';

const stamp = Date.now().toString(36);
const marker = `xss${stamp}`;
const payloads = {
  experience: `<img src=x onerror="window.__xss='img'">`,
  motivation: `"><svg onload="window.__xss='svg'">`,
  skills: `<script>window.__xss='script'</script>`,
  address: `javascript:window.__xss='href' <a href="javascript:window.__xss='a'">x</a>`,
};

async function noScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await expect(page.locator('main img[src="x"], main svg[onload], main script, main a[href^="javascript"]')).toHaveCount(0);
}

test('hostile text is stored verbatim and shown as text, never run', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  // A signed-in volunteer submits hostile text in every free-text field.
  const email = `${marker}@example.org`;
  const password = 'a long test passphrase';
  const reg = await request.post('/api/users/register', {
    data: { fullName: `${marker} Person`, email, mobile: `+9198${String(Date.now()).slice(-8)}`, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const session = await logIn(request, email, password);
  const vol = await request.post('/api/volunteers/register', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      fullName: `${marker} Person`, email, mobile: '+919876543210', address: payloads.address, country: 'India',
      nearestCenter: 'Vrindavan', availability: '5-10 hours/week', areasOfInterest: ['Other'], otherInterest: payloads.skills,
      experience: payloads.experience, motivation: payloads.motivation, skills: payloads.skills, consent: true,
    },
  });
  expect(vol.status(), await vol.text()).toBe(201);
  const saved = (await vol.json()).volunteer as Record<string, unknown>;
  expect(saved.experience).toBe(payloads.experience);
  expect(saved.motivation).toBe(payloads.motivation);

  // The volunteer's own My Account.
  await storeSession(page, session);
  await page.goto('/myaccount');
  await expect(page.getByRole('region', { name: 'My submissions' }).getByText('Volunteer registration')).toBeVisible();
  await noScriptRan(page);

  // The admin dashboard: the table, the full text on focus, the edit form.
  const adminEmail = `admin-${marker}@example.org`;
  const admin = await adminSession(request, adminEmail, 'XSS Admin', password);
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && new URL(r.url()).searchParams.get('q') === marker);
  await page.getByLabel('Search').fill(marker);
  await answered;
  const row = page.getByRole('row').filter({ hasText: `${marker} Person` }).first();
  await expect(row).toBeVisible();
  // Long values are cut to 12 characters: the markup shows as its letters.
  await expect(row.getByText(payloads.experience.slice(0, 12) + '…')).toBeVisible();
  await expect(row.locator(`[title="${payloads.experience.replace(/"/g, '\\"')}"]`)).toHaveCount(1);
  await noScriptRan(page);
  await openRowMenu(row);
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(dialog).toBeVisible();
  const values = await dialog.locator('textarea, input[type="text"], input:not([type])').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(values).toContain(payloads.experience);
  expect(values).toContain(payloads.motivation);
  await noScriptRan(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The CSV export keeps the text and neutralises nothing it need not.
  const csv = await request.get(`/api/admin/volunteers/export.csv?q=${marker}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(payloads.skills);

  expect(dialogs).toEqual([]);
});
