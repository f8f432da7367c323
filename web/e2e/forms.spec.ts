// The forms end to end: the whole disciple flow (submit, the
// link from the captured .eml, the confirmation of a referrer who is not in
// the directory, 'Confirmed — needs review' in the applicant's My Account), a volunteer with prefill and 'Other', a
// host with 'Others', a contact message; axe on each page.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, logIn, storeSession } from './fixtures';

function unique(tag: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Forms ${tag} Devotee`,
    email: `forms-${tag}-${n}@example.org`,
    mobile: `9${n.slice(-9)}`,
    password: 'a long forms passphrase',
  };
}

/** signUp registers and signs in through the API and stores the session
 * the way the app does (localStorage token and user). */
async function signUp(page: Page, request: APIRequestContext, tag: string) {
  const u = unique(tag);
  const reg = await request.post('/api/users/register', {
    data: { fullName: u.name, email: u.email, mobile: u.mobile, password: u.password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await storeSession(page, await logIn(request, u.email, u.password));
  return u;
}

/** fillDate types a date into the day, month and year boxes of a group. */
async function fillDate(page: Page, legend: string, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: legend });
  await group.getByLabel('Day').fill(day);
  await group.getByLabel('Month').fill(month);
  await group.getByLabel('Year').fill(year);
}

test('disciple: register, a temple president outside the directory confirms from the emailed link, My Account shows it needs review', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const u = await signUp(page, request, 'disciple');
  const tp = `president-${Date.now()}@temple.example`;

  await page.goto('/discipleRegistration');
  await expect(page.getByRole('heading', { level: 1, name: 'Disciple Registration Referral Form' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Client-side checks first: nothing is sent.
  await fillDate(page, 'Initiation date', '1', '1', '1980');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('link', { name: /gave initiation between 1 January 1966 and 14 November 1977/ })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel('Full name').fill(u.name);
  await fillDate(page, 'Date of birth', '2', '5', '1948');
  await page.getByLabel('Address').fill('Radha Kunda, Vrindavan');
  await page.getByLabel('Contact number').fill('+91 98765 43211');
  await page.getByLabel('Your email').fill(u.email);
  await page.getByLabel("Temple president's email").fill(tp);
  await fillDate(page, 'Initiation date', '31', '8', '1972');
  await page.getByLabel('Initiated name').fill('Madhava Das');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByText(/Registration submitted successfully!/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // My Account: awaiting confirmation.
  await page.goto('/myaccount');
  const subs = page.getByRole('region', { name: 'My submissions' });
  await expect(subs.getByText('Awaiting confirmation')).toBeVisible();
  await expectNoAxeViolations(page);

  // The link reaches only the temple president.
  const token = await waitForMail(tp, /\/Reg\?token=([A-Za-z0-9_-]{43})/);
  expect(token).toHaveLength(43);

  // The referrer has no account: a fresh browser context.
  const ctx = await browser.newContext();
  const ref = await ctx.newPage();
  await ref.goto('/Reg?token=' + token);
  await expect(ref.getByRole('heading', { level: 1, name: 'Confirmation by Srila Prabhupada Disciple or Authority' })).toBeVisible();
  await expect(ref.getByText(u.name, { exact: true })).toBeVisible();
  await expect(ref.getByText('Madhava Das')).toBeVisible();
  await expect(ref.getByText('Aug 31, 1972')).toBeVisible();
  await expectNoAxeViolations(ref);
  await ref.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(ref.getByLabel('Referrer name')).toHaveAttribute('aria-invalid', 'true');
  await ref.getByLabel('Referrer name').fill('Bhakti Prabhu');
  await ref.getByLabel('Position / title').fill('Temple President');
  await ref.getByLabel('Contact number').fill('+91 98765 40000');
  await ref.getByRole('textbox', { name: /^Email/ }).fill(tp);
  await ref.getByRole('checkbox', { name: /I confirm that/ }).check();
  await ref.getByLabel('Referrer signature (type your full name)').fill('Bhakti Prabhu');
  // The applicant signed their own form: the temple president is not asked to sign for them.
  await expect(ref.getByLabel(/Applicant signature/)).toHaveCount(0);
  await ref.getByRole('button', { name: 'Submit Registration' }).click();
  // Not in the directory: the confirmation waits for an admin.
  await expect(ref.getByText(/An SPDC admin will check it before the registration is approved/).first()).toBeVisible();
  await expect(ref).toHaveURL(/\/$/, { timeout: 5_000 });

  // The link works once.
  await ref.goto('/Reg?token=' + token);
  await expect(ref.getByRole('alert')).toContainText('already been confirmed');
  await expectNoAxeViolations(ref);
  // Without a token: the submit says so and calls nothing.
  await ref.goto('/Reg');
  await ref.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(ref.getByText('Token not found in URL!')).toBeVisible();
  await ctx.close();

  await page.goto('/myaccount');
  await expect(subs.getByText('Confirmed — needs review', { exact: true })).toBeVisible();
});

test('volunteer: prefilled from the profile, Other reveals and clears its box', async ({ page, request }) => {
  const u = await signUp(page, request, 'volunteer');
  await page.goto('/becomevolunteer');
  await expect(page.getByRole('heading', { level: 1, name: 'Volunteer Registration' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(u.name);
  await expect(page.getByLabel('Email')).toHaveValue(u.email);
  await expect(page.getByLabel('Phone')).toHaveValue(new RegExp(u.mobile.slice(-9) + '$'));
  await expect(page.getByLabel('Country').locator('option').first()).toHaveText('Select Country');
  // The list arrives just after the form's first render.
  await expect.poll(() => page.getByLabel('Country').locator('option').count()).toBeGreaterThan(190);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Your experience')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  const other = page.getByRole('checkbox', { name: 'Other', exact: true });
  await other.check();
  await page.getByLabel('Please specify your other interest').fill('Kirtan');
  await other.uncheck();
  await expect(page.getByLabel('Please specify your other interest')).toHaveCount(0);
  await other.check();
  await expect(page.getByLabel('Please specify your other interest')).toHaveValue('');
  await page.getByLabel('Please specify your other interest').fill('Kirtan for the elders');

  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('Availability').selectOption('10-20 hours/week');
  await page.getByRole('checkbox', { name: 'Emotional and Spiritual Support' }).check();
  await page.getByLabel('Your experience').fill('Ten years of nursing <b>care</b>');
  await page.getByLabel('Why you would like to volunteer').fill('To serve the devotees 🙏');
  await page.getByLabel('Your skills').fill('Nursing, cooking');
  await page.getByRole('checkbox', { name: /SPDC may store these details/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByText('Volunteer form submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 4_000 });
  await waitForMail(u.email, /Subject:.*/);

  await page.goto('/myaccount');
  await expect(page.getByRole('region', { name: 'My submissions' }).getByText('Volunteer registration')).toBeVisible();
});

test("host: 'Others' reveals its specify box; the offer is saved", async ({ page }) => {
  const email = `host-${Date.now()}@example.org`;
  await page.goto('/Host');
  await expect(page.getByRole('heading', { level: 1, name: 'Host Registration Form' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Usable at 320 px: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Full name').fill('Gopal Sharma');
  await page.getByLabel('Initiated name (if any)').fill('Gopal Das');
  await page.getByLabel('Contact number').fill('+91 98765 43212');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country').selectOption('India');
  await page.getByRole('checkbox', { name: 'Others (please Specify)' }).check();
  await expect(page.getByLabel('Please specify the accommodation')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Medium Term (1–3 weeks)' }).check();
  await page.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Please specify the accommodation')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Why do you wish to host?')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Please specify the accommodation').fill('A cottage in the garden');
  await page.getByLabel('Please specify the other facility').fill('Quiet garden');
  await page.getByLabel('Why do you wish to host?').fill('To serve Srila Prabhupada’s disciples');
  await page.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
  await page.getByRole('checkbox', { name: /contact me about hosting/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByText(/Host form submitted successfully!/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 4_000 });
  await waitForMail(email, /Subject:.*/);
});

test('contact: a message is sent; a bot filling the honeypot is refused calmly', async ({ page, request }) => {
  const email = `contact-${Date.now()}@example.org`;
  await page.goto('/contactus');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('link', { name: 'Please enter your name' })).toBeVisible();
  await form.getByLabel('Name').fill('Radha');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').fill('Visiting Vrindavan');
  await form.getByLabel('Phone').fill('+44 20 7946 0958');
  await form.getByLabel('Message').fill('When may I visit the elders? <script>alert(1)</script>');
  await form.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you');
  await waitForMail(email, /Subject:.*/);

  const bot = await request.post('/api/contact', {
    data: { name: 'Bot', email: 'bot@example.org', subject: 'x', phone: '+44 20 7946 0958', message: 'spam', acceptTerms: true, website: 'http://spam.example' },
  });
  expect(bot.status()).toBe(400);
  expect((await bot.json()).message).toMatch(/could not accept/);
});
