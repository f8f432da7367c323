// What first real users trip on, each journey at a phone's width (375 px)
// and a desktop's (1280 px), with axe: an elder with no phone or email
// registered by a signed-in helper whose own details stand in for theirs.
import { expect, type APIRequestContext } from '@playwright/test';
import { test, adminSession, expectNoAxeViolations, logIn, storeSession } from './fixtures';

const stamp = Date.now().toString(36);
const password = 'a long helper passphrase';

/** helperAccount registers an account with a mobile and signs it in. */
async function helperAccount(request: APIRequestContext, tag: string) {
  const email = `fu-${tag}-${stamp}@example.org`;
  const mobile = `+9198${String(Date.now()).slice(-8)}`;
  const reg = await request.post('/api/users/register', { data: { fullName: `Helper ${tag}`, email, mobile, password } });
  expect(reg.status(), await reg.text()).toBe(201);
  return { email, mobile, session: await logIn(request, email, password) };
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a helper sends a message for an elder with no phone or email; their own details stand in', async ({ page, request }) => {
      test.setTimeout(120_000);
      const h = await helperAccount(request, `elder${width}`);
      await storeSession(page, h.session);
      await page.goto('/contactus');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`Elder ${width} ${stamp}`);
      await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('A visit for an elder');
      await form.getByRole('textbox', { name: 'Message', exact: true }).fill('The elder would like a visit next week.');
      await form.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
      await page.getByLabel('I am filling this in for an elder who has no contact details of their own').check();
      await expect(page.getByText(`your own (${h.mobile}, ${h.email}) stand in for them`, { exact: false })).toBeVisible();
      await form.getByRole('radio', { name: /^Gave their thumbprint/ }).check();
      await form.getByRole('radio', { name: /^Bengali/ }).check();
      await form.getByLabel('Witness’s name').fill(`Witness ${stamp}`);
      await form.getByLabel('Witness’s email or phone number').fill('+91 98765 43218');
      await expectNoAxeViolations(page);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const res = await answer;
      expect(res.status(), await res.text()).toBe(201);
      const saved = (await res.json()).contact as Record<string, string>;
      expect(saved.email).toBe(h.email);
      expect(saved.phone).toBe(h.mobile);
      await expect(form.getByRole('status')).toContainText('Thank you');
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`accounts at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('after registering, the form leaves the screen and sign-in opens with the new address', async ({ page }) => {
      const email = `fu-new${width}-${stamp}@example.org`;
      await page.goto('/register');
      await page.getByLabel(/Full name/).fill(`New Person ${width}`);
      await page.getByLabel(/^Email address/).fill(email);
      await page.getByLabel(/^Mobile no/).fill(`+9197${String(Date.now()).slice(-8)}`);
      await page.getByLabel(/^Password/).fill('a long new passphrase');
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('User registered successfully! Please login.')).toBeVisible();
      await expect(page.getByLabel(/^Password/)).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
      await expect(page.getByLabel('Email or Phone')).toHaveValue(email);
      await expect(page.getByText(`A link to confirm ${email} is on its way`, { exact: false })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('forgot password leaves a lasting confirmation', async ({ page }) => {
      await page.goto('/recoverpassword');
      await page.getByLabel(/Email/).fill(`nobody-${width}-${stamp}@example.org`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      const heading = page.getByRole('heading', { name: 'A link to set a new password was asked for' });
      await expect(heading).toBeVisible();
      await page.goto('/');
      await expect(heading).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`drafts at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('Back from another page puts the typed text back by itself, and says so beside the first field', async ({ page }) => {
      await page.goto('/becomevolunteer');
      await page.getByLabel('Full name').fill(`Radha ${width}`);
      await page.getByLabel('Your experience').fill('Twenty years of nursing.');
      await page.goto('/donation');
      await page.goBack();
      await expect(page.getByLabel('Full name')).toHaveValue(`Radha ${width}`);
      await expect(page.getByLabel('Your experience')).toHaveValue('Twenty years of nursing.');
      const notice = page.getByRole('region', { name: 'What you typed before' });
      await expect(notice).toContainText('We put back what you typed');
      await expect(notice).toBeInViewport();
      await expectNoAxeViolations(page);
      await notice.getByRole('button', { name: 'Discard it and start again' }).click();
      await expect(page.getByLabel('Full name')).toHaveValue('');
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`dashboard address at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the tab and search live in the address: a reload keeps them and the link can be shared', async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await adminSession(request, `fu-admin${width}-${stamp}@example.org`, 'Dashboard Admin', 'a long admin passphrase 42!');
      await storeSession(page, admin);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Volunteers' }).click();
      await page.getByLabel('Search').fill('Radha');
      await expect(page).toHaveURL(/\/admin\?tab=volunteers&q=Radha$/);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Volunteers' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Search')).toHaveValue('Radha');
      // A colleague opening the same link sees the same list.
      const link = page.url();
      const other = await page.context().newPage();
      await other.goto(link);
      await expect(other.getByRole('tab', { name: 'Volunteers' })).toHaveAttribute('aria-selected', 'true');
      await expect(other.getByLabel('Search')).toHaveValue('Radha');
      await expectNoAxeViolations(page);
    });
  });
}
