// What a sent form leaves behind, as an elderly person on a phone meets
// it: "Check your answers" before sending, with a Change link back to each
// field; a confirmation panel with the reference to quote on the phone that
// stays on every page (after the redirect, after a reload) until closed;
// the acknowledgement email with the same reference and the time in India;
// the reference in My Account and found by the dashboard's search; and a
// form sent after the session ended, kept whole, sent after signing in
// again. axe on every new state.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, adminSession } from './fixtures';

const PHONE = { width: 375, height: 740 };
const REF = /^[VHMDG]-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{2}$/;

function person(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `Elder ${tag} Devotee`, email: `elder2-${tag}-${n}@example.org`, mobile: `9${n.slice(-9)}`, password: 'a long elder passphrase' };
}

/** signedIn registers a person and stores their session as the app does. */
async function signedIn(page: Page, request: APIRequestContext, tag: string) {
  const u = person(tag);
  const reg = await request.post('/api/users/register', { data: { fullName: u.name, email: u.email, mobile: u.mobile, password: u.password } });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await request.post('/api/users/login', { data: { identifier: u.email, password: u.password } });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  await page.goto('/');
  await page.evaluate(([t, usr]) => {
    localStorage.setItem('token', t as string);
    localStorage.setItem('user', JSON.stringify(usr));
  }, [token, user]);
  return { ...u, token: token as string };
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('host: check your answers, change one, send; the reference stays on screen, in the email, in My Account and in the dashboard', async ({ page, request }) => {
    test.setTimeout(120_000);
    const u = await signedIn(page, request, 'host');
    await page.goto('/Host');
    await expect(page.getByLabel('Full name')).toHaveValue(u.name);
    await page.getByLabel('Initiated name (if any)').fill('Gopal Das');
    await page.getByRole('checkbox', { name: 'Private Room' }).check();
    await page.getByLabel('Why do you wish to host?').fill('To serve the elders.\nWe have a quiet room near the temple.');
    await page.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
    await page.getByRole('checkbox', { name: /contact me about hosting/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();

    // Nothing is sent yet: every answer is shown with a Change link.
    const check = page.getByRole('heading', { name: 'Check your answers before sending' });
    await expect(check).toBeFocused();
    await expect(page.getByText('Gopal Das')).toBeVisible();
    await expect(page.getByText('Private Room')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Change initiated name' }).click();
    await expect(page.getByLabel('Initiated name (if any)')).toBeFocused();
    await expect(page.getByLabel('Why do you wish to host?')).toHaveValue(/quiet room/);
    await page.getByLabel('Initiated name (if any)').fill('Gopal Dasa');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Gopal Dasa')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm and send' }).click();

    // A lasting confirmation: the reference, when, what next, how to reach us.
    const panel = page.getByTestId('confirmation-panel');
    await expect(panel.getByRole('heading', { name: 'Your offer to host was received' })).toBeVisible();
    const ref = (await panel.locator('.confirm-ref strong').textContent())?.trim() ?? '';
    expect(ref).toMatch(REF);
    expect(ref[0]).toBe('H');
    await expect(panel).toContainText(u.email);
    await expect(panel).toContainText('What happens next');
    await expect(panel.getByRole('link', { name: 'contact page' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The toast's redirect to the home page keeps it; so does a reload.
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    await expect(panel.getByText(ref)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('confirmation-panel').getByText(ref)).toBeVisible();
    await expectNoAxeViolations(page);

    // The acknowledgement email carries the reference and the time in India.
    const received = await waitForMail(u.email, new RegExp(`Your reference: ${ref}\\s+Received: (\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2} [ap]m IST)`));
    expect(received).toMatch(/ IST$/);

    // My Account lists it with its reference.
    await page.goto('/myaccount');
    const subs = page.getByRole('region', { name: 'My submissions' });
    await expect(subs.getByText(ref)).toBeVisible();
    await expectNoAxeViolations(page);

    // The dashboard finds it by the reference, typed without its hyphens.
    const adminEmail = `elder2-admin-${Date.now()}@example.org`;
    const { token } = await adminSession(request, adminEmail, 'Elder Two Admin', 'a long elder admin passphrase');
    const found = await request.get(`/api/admin/hosts?q=${ref.replace(/-/g, '').toLowerCase()}`, { headers: { Authorization: `Bearer ${token}` } });
    const rows = (await found.json()) as { ref: string; initiatedName: string }[];
    expect(rows.map((r) => [r.ref, r.initiatedName])).toEqual([[ref, 'Gopal Dasa']]);

    // Closed, it stays closed.
    await page.getByRole('button', { name: 'Close this message' }).click();
    await expect(page.getByTestId('confirmation-panel')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'My submissions' })).toBeVisible();
    await expect(page.getByTestId('confirmation-panel')).toHaveCount(0);
  });

  test('volunteer: sent after the session ended, nothing is lost; after signing in again it is sent from the account', async ({ page, request }) => {
    test.setTimeout(120_000);
    const u = await signedIn(page, request, 'vol');
    await page.goto('/becomevolunteer');
    await expect(page.getByLabel('Full name')).toHaveValue(u.name);
    await page.getByLabel('Your experience').fill('Thirty years of nursing.');
    await page.getByLabel('Why you would like to volunteer').fill('To serve the devotees.');
    await page.getByLabel('Your skills').fill('Reading aloud, cooking.');
    await page.getByRole('checkbox', { name: /I agree that SPDC may store/ }).check();

    // The session ends elsewhere (signed out on another device).
    const out = await request.post('/api/users/logout', { headers: { Authorization: `Bearer ${u.token}` } });
    expect(out.status()).toBe(200);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(page.getByText('You were signed out, so this form was not sent.')).toBeVisible();
    await expect(page.getByLabel('Your skills')).toHaveValue('Reading aloud, cooking.');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Phone').fill(u.email);
    await page.getByLabel(/^Password( \*)?$/).fill(u.password);
    await page.getByRole('button', { name: 'Log In' }).click();

    // Back on the form, filled in as it was.
    await expect(page).toHaveURL(/\/becomevolunteer$/, { timeout: 6_000 });
    await expect(page.getByText('You are signed in again.')).toBeVisible();
    await expect(page.getByLabel('Your experience')).toHaveValue('Thirty years of nursing.');
    await expect(page.getByLabel('Your skills')).toHaveValue('Reading aloud, cooking.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    const panel = page.getByTestId('confirmation-panel');
    const ref = (await panel.locator('.confirm-ref strong').textContent())?.trim() ?? '';
    expect(ref).toMatch(REF);

    // Sent from the account: My Account lists it.
    await page.goto('/myaccount');
    await expect(page.getByRole('region', { name: 'My submissions' }).getByText(ref)).toBeVisible();
  });
});
