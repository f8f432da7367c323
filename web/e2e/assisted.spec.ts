// A form sent on behalf of an elder: a signed-in helper sends a message
// from the contact page with its "on behalf of an elder" part; a host offer sent for an
// elder whose guardian consented shows on the dashboard's For elders view,
// where an admin records the guardian's order; axe on both.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, adminSession, storeSession } from './fixtures';

const stamp = Date.now().toString(36);
const email = `helper-${stamp}@example.org`;
const password = 'a long helper passphrase';

test('a helper sends a form for an elder and an admin records the guardian order', async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await adminSession(request, email, 'Helping Admin', password);
  await storeSession(page, session);

  await page.goto('/contactus');
  await page.getByLabel('I am filling this in for an elder who has no contact details of their own').check();
  await expect(page.getByRole('radiogroup', { name: /How did the elder give their consent/ })).toBeVisible();
  await expect(page.getByText(`The record names you (${email}) as the helper.`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // The message goes with the part: the form's own submit puts it in the body.
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`Elder ${stamp}`);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('A visit for an elder');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 98765 43219');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('The elder would like a visit next week.');
  await form.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await form.getByRole('radio', { name: /^Said so aloud/ }).check();
  await form.getByRole('radio', { name: /^Hindi/ }).check();
  await form.getByLabel('Witness’s name').fill(`Contact Witness ${stamp}`);
  await form.getByLabel('Witness’s email or phone number').fill('+91 98765 43218');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON().onBehalf).toEqual({
    consentMethod: 'spoken', witnessName: `Contact Witness ${stamp}`, witnessContact: '+91 98765 43218', noticeLanguage: 'hi',
  });
  await expect(form.getByRole('status')).toContainText('Thank you');
  await expect(page.getByLabel('I am filling this in for an elder who has no contact details of their own')).not.toBeChecked();

  const host = await request.post('/api/hosts/register', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      fullName: `Elder ${stamp}`, initiatedName: 'Gopal Das', contactNumber: '09876543210', email,
      address: 'Mayapur', country: 'India', nearestCenter: 'ISKCON Mayapur', accommodationTypes: ['Private Room'],
      availabilityDurations: ['Medium Term (1–3 weeks)'], facilities: ['Doctor Nearby'], whyHost: 'To serve the Vaishnavas',
      consentTerms: true, consentContact: true,
      onBehalf: { consentMethod: 'guardian', witnessName: 'Madhava Das', witnessContact: '+91 98765 43210', noticeLanguage: 'bn' },
    },
  });
  expect(host.status(), await host.text()).toBe(201);

  await page.goto('/admin?view=assisted');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms sent for elders' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Madhava Das' }).first();
  await expect(row.getByText('The guardian’s order is not recorded yet.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Contact Witness ${stamp}` })).not.toHaveCount(0);
  await row.getByRole('button', { name: 'Record the guardian’s order' }).click();
  await expect(row.getByLabel('Guardian’s name')).toHaveAccessibleDescription(/is required/);
  await row.getByLabel('Guardian’s name').fill('Shyam Sundar');
  await row.getByLabel('Court or authority that appointed them').fill('District Court, Nadia');
  await row.getByLabel('Order reference').fill('GW/12/2025');
  await row.getByLabel('Date of the order').fill('2025-01-15');
  await row.getByRole('button', { name: 'Record the guardian’s order' }).click();
  await expect(row.getByText(/Guardian Shyam Sundar, appointed by District Court, Nadia, order GW\/12\/2025/)).toBeVisible();
  await expectNoAxeViolations(page);
});
