// The site as an elderly person on a phone meets it: what was typed comes
// back after a reload, a dropped connection is explained and loses
// nothing, errors are listed above the form with links that take the
// keyboard to each field, dates are typed as day, month and year, links
// that can no longer work say so on opening, the menu is reachable from
// the bottom of a long page, controls are large enough to tap; and the
// dashboard's actions stay in view at 1280 px. axe on every new state.
import { expect, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, adminSession, storeSession } from './fixtures';

const PHONE = { width: 375, height: 740 };
const stamp = Date.now().toString(36);

function draftOf(page: Page, form: string) {
  return page.evaluate((f) => localStorage.getItem(`spdc:draft:${f}`), form);
}

/** tabTo presses Tab until the element matching name has the focus. */
async function tabToLink(page: Page, name: string | RegExp) {
  const link = page.getByRole('link', { name });
  for (let i = 0; i < 20; i++) {
    if (await link.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`the keyboard never reached the link ${name}`);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  test('volunteer: half a form survives a reload; a cut connection loses nothing; the draft goes once sent', async ({ page }) => {
    await page.goto('/becomevolunteer');
    await page.getByLabel('Full name').fill('Radha Devi');
    await page.getByLabel('Email').fill(`elder-vol-${stamp}@example.org`);
    await page.getByLabel('Your experience').fill('Twenty years of nursing.');
    await expect.poll(() => draftOf(page, 'volunteer')).toContain('Twenty years of nursing.');

    await page.reload();
    const offer = page.getByRole('region', { name: 'What you typed before' });
    await expect(offer).toContainText(/We put back what you typed on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(page.getByLabel('Full name')).toHaveValue('Radha Devi');
    await expect(page.getByLabel('Your experience')).toHaveValue('Twenty years of nursing.');
    await expectNoAxeViolations(page);

    await page.getByLabel('Why you would like to volunteer').fill('To serve the elders.');
    await page.getByLabel('Your skills').fill('Cooking, reading aloud.');
    await page.getByRole('checkbox', { name: /I agree that SPDC may store/ }).check();

    // The connection drops: the page says so plainly and keeps everything.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(page.getByText('We could not reach the server. Nothing was lost — check your connection and press Submit again.')).toBeVisible();
    await expect(page.locator('.error-summary')).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByLabel('Your skills')).toHaveValue('Cooking, reading aloud.');
    expect(await draftOf(page, 'volunteer')).toContain('Cooking, reading aloud.');
    await expectNoAxeViolations(page);

    // Back online, the same button sends it.
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(page.getByText('Volunteer form submitted successfully!')).toBeVisible();
    expect(await draftOf(page, 'volunteer')).toBeNull();
  });

  test('contact: "Clear this form" empties it and forgets the draft; a reload then offers nothing', async ({ page }) => {
    await page.goto('/contactus');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Subject').fill('A visit');
    await expect.poll(() => draftOf(page, 'contact')).toContain('A visit');
    await form.getByRole('button', { name: 'Clear this form' }).click();
    await expect(form.getByLabel('Subject')).toHaveValue('');
    expect(await draftOf(page, 'contact')).toBeNull();
    await expect(form.getByRole('button', { name: 'Undo: put back what I typed' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByText(/We kept what you typed/)).toHaveCount(0);
  });

  test('disciple: errors are listed above the form, their links take the keyboard to each field, and each goes when fixed', async ({ page }) => {
    await page.goto('/discipleRegistration');
    await expect(page).toHaveTitle(/^(?!Error: )/);
    const group = (name: string) => page.getByRole('group', { name });
    await group('Date of birth').getByLabel('Day').fill('30');
    await group('Date of birth').getByLabel('Month').fill('2');
    await group('Date of birth').getByLabel('Year').fill('1948');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    const summary = page.locator('.error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(summary.getByRole('link')).toHaveText([
      'Please enter your full name.',
      'Date of birth must be a real date.',
      'Please give a contact number or an email address so that we can reach you.',
      "Please enter the email address of your temple president, who will confirm your registration.",
    ]);
    await expectNoAxeViolations(page);

    // By keyboard: from the summary to the date of birth's day box.
    await summary.focus();
    await tabToLink(page, 'Date of birth must be a real date.');
    await page.keyboard.press('Enter');
    await expect(group('Date of birth').getByLabel('Day')).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('28');
    // Corrected: its message goes at once, beside the field and above.
    await expect(page.getByText('Date of birth must be a real date.')).toHaveCount(0);

    await summary.focus();
    await tabToLink(page, 'Please enter your full name.');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Full name')).toBeFocused();
    await page.keyboard.type('Madhava Kumar');
    await expect(summary.getByRole('link')).toHaveCount(2);

    await page.getByLabel('Contact number').fill('+91 98765 43210');
    await page.getByLabel("Temple president's email").fill(`tp-${stamp}@temple.example`);
    await expect(summary).toHaveCount(0);
    await expect(page).toHaveTitle(/^(?!Error: )/);
    await expectNoAxeViolations(page);
  });

  test('a used reset link and an unknown one are explained on opening, before anyone types', async ({ page, request }) => {
    const email = `elder-reset-${stamp}@example.org`;
    const reg = await request.post('/api/users/register', { data: { fullName: 'Elder Reset', email, mobile: `97${Date.now().toString().slice(-8)}`, password: 'a long elder passphrase' } });
    expect(reg.status(), await reg.text()).toBe(201);
    expect((await request.post('/api/users/forgot-password', { data: { email } })).status()).toBe(200);
    const token = await waitForMail(email, /\/reset-password\/([A-Za-z0-9_-]{43})/, 30_000);
    const used = await request.post('/api/users/reset-password', { data: { token, password: 'another long passphrase' } });
    expect(used.status()).toBe(200);

    await page.goto(`/reset-password/${token}`);
    await expect(page.getByRole('alert')).toContainText('already been used');
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/reset-password/${'Z'.repeat(43)}`);
    await expect(page.getByRole('alert')).toContainText('not valid');
    await expect(page.getByLabel('New Password')).toHaveCount(0);
  });

  test('an unknown confirmation link is explained on opening; a real one shows who asks and fills in the address', async ({ page, request }) => {
    await page.goto(`/Reg?token=${'Q'.repeat(43)}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Registration' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact Us' }).last()).toBeVisible();
    await expectNoAxeViolations(page);

    const tp = `elder-tp-${stamp}@temple.example`;
    const res = await request.post('/api/disciples/register', {
      data: {
        fullName: `Elder Applicant ${stamp}`, dateOfBirth: '1944-03-04', address: 'Mayapur', contactNumber: '+919876543219',
        discipleEmail: `elder-app-${stamp}@example.org`, templePresidentEmail: tp, initiationDate: '1971-02-03', initiationName: 'Gaura Das',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const token = await waitForMail(tp, /\/Reg\?token=([A-Za-z0-9_-]{43})/);
    await page.goto(`/Reg?token=${token}`);
    await expect(page.getByText(`Elder Applicant ${stamp}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Gaura Das')).toBeVisible();
    await expect(page.getByText('Mar 4, 1944')).toBeVisible();
    await expect(page.getByText('Feb 3, 1971')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(tp);
    await expectNoAxeViolations(page);
  });

  test('the menu is reachable from the bottom of the home page, and controls are large enough to tap', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Scrolling up a little brings the header back.
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, -120);
    await expect(menu).toBeInViewport();
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' })).toBeInViewport();
    await page.keyboard.press('Escape');

    // The footer's button takes the keyboard back to the menu.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect(menu).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page);

    // Every control of the header, the footer and a form is at least 44 px
    // tall (the links inside sentences excepted).
    for (const path of ['/', '/becomevolunteer', '/discipleRegistration']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const small = await page.evaluate(() => {
        const out: string[] = [];
        const sel = '.site-header button, .site-header a, .back-to-top, .footer-links a, .form-card button, .form-card select, .form-card textarea, .form-card input:not([type=checkbox]), .form-check, .error-summary a';
        for (const el of document.querySelectorAll<HTMLElement>(sel)) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
          if (el.closest('.form-honeypot')) continue;
          if (r.height < 44 - 0.5 || r.width < 24) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.id).trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
        return out;
      });
      expect(small, `small targets on ${path}`).toEqual([]);
    }
  });
});

test('the dashboard at 1280 px: Edit and Delete are in view for every row, and no tab widens the page', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const long = 'A long answer that runs on and on, as elders write, '.repeat(6);
  const vol = await request.post('/api/volunteers/register', {
    data: {
      fullName: `Elder Volunteer ${stamp} with a rather long name`, email: `elder-wide-${stamp}@example.org`, mobile: '+919876543210',
      address: long, country: 'India', nearestCenter: 'Vrindavan', availability: '5-10 hours/week', areasOfInterest: ['Other'],
      otherInterest: long.slice(0, 190), experience: long, motivation: long, skills: long, consent: true,
    },
  });
  expect(vol.status(), await vol.text()).toBe(201);
  const host = await request.post('/api/hosts/register', {
    headers: { 'X-Forwarded-For': '198.51.100.77' },
    data: {
      fullName: `Elder Host ${stamp}`, initiatedName: 'Gopal Das', contactNumber: '+919876543211', email: `elder-host-${stamp}@example.org`,
      address: long, country: 'India', nearestCenter: 'Mayapur', accommodationTypes: ['Private Room'], accommodationOther: '',
      availabilityDurations: ['Short Term (up to 1 week)'], facilities: ['Doctor Nearby'], facilityOther: '', whyHost: long,
      consentTerms: true, consentContact: true,
    },
  });
  expect(host.status(), await host.text()).toBe(201);
  const dis = await request.post('/api/disciples/register', {
    headers: { 'X-Forwarded-For': '198.51.100.78' },
    data: {
      fullName: `Elder Pending ${stamp}`, dateOfBirth: '1944-03-04', address: long, contactNumber: '+919876543212',
      discipleEmail: `elder-pend-${stamp}@example.org`, templePresidentEmail: `elder-tp2-${stamp}@temple.example`,
      initiationDate: '1971-02-03', initiationName: 'Gaura Das',
    },
  });
  expect(dis.status(), await dis.text()).toBe(201);

  await storeSession(page, await adminSession(request, `elder-admin-${stamp}@example.org`, 'Elder Admin', 'a long elder admin passphrase'));
  await page.goto('/admin');
  for (const tab of ['Users', 'Volunteers', 'Hosts', 'Pending', 'Disciples']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${tab} widens the page`).toBeLessThanOrEqual(1280);
    const actions = page.locator('#admin-panel td.admin-actions-col button');
    // The tab's rows arrive after its click: wait for them before measuring.
    if (tab !== 'Disciples') await expect(actions.first()).toBeVisible();
    const n = await actions.count();
    for (let i = 0; i < n; i++) {
      const box = await actions.nth(i).boundingBox();
      expect(box, `${tab} action ${i}`).not.toBeNull();
      expect(box!.x + box!.width, `${tab}: ${await actions.nth(i).getAttribute('aria-label')}`).toBeLessThanOrEqual(1280);
      expect(box!.x).toBeGreaterThanOrEqual(0);
    }
    if (tab !== 'Disciples') expect(n, `${tab} has rows with actions`).toBeGreaterThan(0);
  }
  await page.getByRole('tab', { name: 'Volunteers', exact: true }).click();
  await expectNoAxeViolations(page);
});
