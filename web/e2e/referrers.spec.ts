// The referrer directory end to end: an admin adds a temple president on
// the Referrers tab, an applicant picks them on the disciple form and their
// confirmation approves outright; a confirmation from outside the directory
// waits as 'confirmed — needs review' until an admin accepts it (the
// referrer joins the directory) or rejects it. axe on the new tab and
// dialogs.
import { test, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForMail, adminSession, storeSession, type Session , openRowMenu } from './fixtures';

const stamp = Date.now().toString(36);
const marker = `zref${stamp}`;
const adminEmail = `ref-admin-${stamp}@example.org`;
const password = 'a long admin passphrase';
const tokenRe = /Reg\?token=([A-Za-z0-9_-]{43})/;

test.describe.configure({ mode: 'serial' });

let admin: Session;

test.beforeAll(async ({ request }) => {
  admin = await adminSession(request, adminEmail, 'Referrer Admin', password);
});

async function openAdmin(page: Page, tab: string) {
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab }).click();
}

async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByLabel('Search').fill(text);
  await answered;
}

function applicant(name: string, tp: string) {
  return {
    fullName: name, dateOfBirth: '1944-03-04', address: 'Mayapur', contactNumber: '+919876543219',
    discipleEmail: `${name.replace(/\W+/g, '-').toLowerCase()}@example.org`, templePresidentEmail: tp,
    initiationDate: '1971-02-03', initiationName: 'Gaura Das',
  };
}

function approval(token: string, email: string) {
  return {
    token, referrerName: 'Nitai Prabhu', referrerPosition: 'Temple President', referrerContact: '+919876540123', referrerEmail: email,
    referrerSignature: 'Nitai Prabhu', referrerSignedOn: '2024-01-01', applicantSignature: 'Applicant', applicantSignedOn: '2024-01-01',
  };
}

test('an admin adds a referrer; an applicant picks them and their confirmation approves', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const tp = `president-${stamp}@temple.example`;
  await openAdmin(page, 'Referrers');
  await expect(page.getByRole('button', { name: 'Add referrer' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add referrer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Referrer' });
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(/valid email address/)).toBeVisible();
  await dialog.getByLabel('Name').fill(`${marker} Gopal`);
  await dialog.getByLabel('Position').fill('Temple President');
  await dialog.getByLabel('Temple').fill('Mayapur');
  await dialog.getByLabel('Email').fill(tp);
  await dialog.getByLabel('Phone').fill('+91 98765 40999');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Referrer added to the directory.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await searchFor(page, marker);
  await expect(page.getByRole('row').filter({ hasText: 'Mayapur' })).toHaveCount(1);
  // axe once the toast (mid-animation, its colours are in between) is gone.
  await expect(page.getByText('Referrer added to the directory.')).toBeHidden();
  await expectNoAxeViolations(page);

  // A visitor picks that temple president: only the name, position and
  // temple are shown, and the link goes to the directory's address.
  const ctx = await browser.newContext();
  const visitor = await ctx.newPage();
  await visitor.goto('/discipleRegistration');
  const choice = visitor.getByLabel('Your temple president');
  await choice.selectOption({ label: `${marker} Gopal — Temple President — Mayapur` });
  await expect(visitor.getByLabel("Temple president's email")).toBeHidden();
  await expect(visitor.getByText(tp)).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  const name = `${marker} Picked Applicant`;
  await visitor.getByLabel('Full name').fill(name);
  await visitor.getByLabel('Contact number').fill('+91 98765 43218');
  await visitor.getByLabel('Your email').fill(`picked-${stamp}@example.org`);
  await visitor.getByRole('button', { name: 'Submit' }).click();
  await visitor.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(visitor.getByText(/Registration submitted successfully!/)).toBeVisible();
  await ctx.close();

  const token = await waitForMail(tp, tokenRe);
  const ok = await page.request.post('/api/approval/approve', { data: approval(token, tp) });
  expect(ok.status(), await ok.text()).toBe(200);
  expect((await ok.json()).message).toBe('User approved and saved successfully!');
  await page.getByRole('tab', { name: 'Disciples' }).click();
  await searchFor(page, name);
  await expect(page.getByRole('row').filter({ hasText: 'Picked' }).getByText('Yes')).toBeVisible();
});

test('an admin accepts a confirmation that needs review, and rejects another', async ({ page }) => {
  test.setTimeout(240_000);
  const unknown = `stranger-${stamp}@example.net`;
  const other = `other-${stamp}@example.net`;
  for (const [name, tp] of [[`${marker} Held Applicant`, unknown], [`${marker} Refused Applicant`, other]]) {
    const reg = await page.request.post('/api/disciples/register', { data: applicant(name, tp) });
    expect(reg.status(), await reg.text()).toBe(201);
    const res = await page.request.post('/api/approval/approve', { data: approval(await waitForMail(tp, tokenRe), tp) });
    expect(res.status()).toBe(200);
    expect((await res.json()).message).toMatch(/An SPDC admin will check it/);
  }

  await openAdmin(page, 'Pending');
  await searchFor(page, marker);
  const held = page.getByRole('row').filter({ hasText: 'Held Applicant' });
  await expect(held.getByText('confirmed — needs review')).toBeVisible();
  await openRowMenu(held);
  await expect(held.getByRole('button', { name: /^Resend / })).toHaveCount(0);
  await held.getByRole('button', { name: /^Accept confirmation for / }).click();
  const accept = page.getByRole('dialog', { name: 'Accept Confirmation' });
  await expect(accept.getByText('not in the referrer directory')).toBeVisible();
  await expectNoAxeViolations(page);
  // Trusting the referrer is a second choice of its own, unticked at first.
  const trust = accept.getByRole('checkbox', { name: /Also add this referrer to the directory/ });
  await expect(trust).not.toBeChecked();
  await trust.check();
  await accept.getByLabel("Referrer's temple (optional)").fill('New Vrindaban');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('The registration is approved and the referrer has been added to the directory.')).toBeVisible();
  await expect(held).toHaveCount(0);
  await expect(page.getByText('The registration is approved and the referrer has been added to the directory.')).toBeHidden();

  const refused = page.getByRole('row').filter({ hasText: 'Refused Applicant' });
  await openRowMenu(refused);
  await refused.getByRole('button', { name: /^Reject confirmation for / }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Confirmation' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText(/give the reason/)).toBeVisible();
  await reject.getByLabel('Reason for rejecting').fill('We could not reach this referrer by phone.');
  await expectNoAxeViolations(page);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The confirmation was rejected; the registration is closed and the applicant will be told by email.')).toBeVisible();
  await expect(refused.getByText('rejected', { exact: true })).toBeVisible();

  // The accepted one is an approved disciple; its referrer is in the directory.
  await page.getByRole('tab', { name: 'Disciples' }).click();
  await searchFor(page, `${marker} Held`);
  await expect(page.getByRole('row').filter({ hasText: 'Held Applicant' }).getByText('Yes')).toBeVisible();
  await page.getByRole('tab', { name: 'Referrers' }).click();
  await searchFor(page, 'new vrindaban');
  await expect(page.getByRole('row').filter({ hasText: 'Nitai Prabhu' })).toHaveCount(1);
});
