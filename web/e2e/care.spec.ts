// The care register end to end, as a coordinator's week runs: an approved
// elder's record opened from the dashboard's Care tab, a coordinator
// chosen, a needs assessment, a plan action with the volunteer the
// register suggests first, a visit logged with the next one's date, help
// paid from a fund, and the help seen in the Reports view; then a year
// published and read on the public accounts page in Hindi. axe on every
// page of it.
import { expect } from '@playwright/test';
import { test, adminSession, expectNoAxeViolations, openRowMenu, storeSession, waitForMail, logIn, type Session } from './fixtures';
import { createStaff } from './cli';

const stamp = Date.now().toString(36);
const marker = `zcare${stamp}`;
// The elder lives in a place whose name only this test's volunteer has as
// nearest centre, so that volunteer is the register's first suggestion
// whatever other tests have registered.
const town = `${marker}pur`;
const password = 'a long staff passphrase';
const tokenRe = /Reg\?token=([A-Za-z0-9_-]{43})/;

let admin: Session;
let recordId = '';
const elderName = `${marker} Madhavi Dasi`;
const coordinatorName = `${marker} Radha Coordinator`;

// The tests share the elder made below and run in order.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  admin = await adminSession(request, `care-admin-${stamp}@example.org`, `${marker} Care Admin`, password);
  createStaff(`care-coord-${stamp}@example.org`, coordinatorName, password, ['coordinator']);
  // Two volunteers: one from the elder's own centre, one from elsewhere.
  for (const [i, name, centre] of [
    [1, `${marker} Near Volunteer`, town],
    [2, `${marker} Far Volunteer`, 'Elsewhere'],
  ] as const) {
    const res = await request.post('/api/volunteers/register', {
      headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      data: {
        fullName: name,
        email: `care-vol${i}-${stamp}@example.org`,
        mobile: '+919876543210',
        address: centre,
        country: 'India',
        nearestCenter: centre,
        availability: '5-10 hours/week',
        areasOfInterest: ['Medical/health practitioner'],
        otherInterest: '',
        experience: 'Taking elders to the doctor',
        motivation: 'To serve',
        skills: 'Driving, nursing',
        consent: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // An elder registers, their temple president confirms, and an admin
  // accepts the confirmation: the approval makes the care record.
  const tp = `care-tp-${stamp}@temple.example`;
  const reg = await request.post('/api/disciples/register', {
    headers: { 'X-Forwarded-For': '198.51.100.9' },
    data: {
      fullName: elderName, dateOfBirth: '1944-03-04', address: `House 5, ${town}`, contactNumber: '+919876543219',
      discipleEmail: `care-elder-${stamp}@example.org`, templePresidentEmail: tp, initiationDate: '1971-02-03', initiationName: 'Madhavi Devi Dasi',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const token = await waitForMail(tp, tokenRe);
  const ok = await request.post('/api/approval/approve', {
    data: {
      token, referrerName: 'Nitai Prabhu', referrerPosition: 'Temple President', referrerContact: '+919876540123', referrerEmail: tp,
      referrerSignature: 'Nitai Prabhu', referrerSignedOn: '2024-01-01', applicantSignature: 'Applicant', applicantSignedOn: '2024-01-01',
    },
  });
  expect(ok.status(), await ok.text()).toBe(200);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const held = await request.get(`/api/admin/pending-disciples?q=${encodeURIComponent(marker)}`, { headers: auth });
  const [row] = (await held.json()) as { _id: string; __v: number }[];
  const accepted = await request.post(`/api/admin/pending-disciples/${row._id}/accept`, { headers: auth, data: { __v: row.__v, trustReferrer: false } });
  expect(accepted.status(), await accepted.text()).toBe(200);
});

test('a coordinator assesses an elder, plans with a suggested volunteer, logs a visit, pays help and sees it in the report', async ({ page }) => {
  test.setTimeout(240_000);
  await storeSession(page, admin);

  // The Care tab lists the elder; their record opens on its own page.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Care' }).click();
  // The coordinator's filters reach the server: elders overdue for a contact.
  const overdue = page.waitForResponse((r) => r.url().includes('/api/admin/care') && new URL(r.url()).searchParams.get('due') === 'contact');
  await page.getByLabel('Due').selectOption('contact');
  expect((await overdue).status()).toBe(200);
  await page.getByLabel('Due').selectOption('');
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/care') && new URL(r.url()).searchParams.get('q') === marker);
  await page.getByLabel('Search').fill(marker);
  await answered;
  const row = page.getByRole('row').filter({ hasText: elderName });
  await openRowMenu(row);
  await row.getByRole('button', { name: `Open the care record of ${elderName}` }).click();
  await expect(page).toHaveURL(/\/admin\/care\/[^/]+$/);
  recordId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: elderName })).toBeVisible();
  await expect(page.getByText('No assessment yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The coordinator who looks after her.
  const header = page.getByRole('form', { name: 'The elder and their coordinator' });
  await header.getByLabel('Coordinator').selectOption({ label: coordinatorName });
  await header.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

  // An assessment with nothing written is refused beside its field.
  const assess = page.getByRole('form', { name: 'New assessment' });
  await assess.getByRole('button', { name: 'Save the assessment' }).click();
  await expect(assess.getByRole('link', { name: 'Please write what you found in at least one area.' })).toBeVisible();
  await expect(assess.getByLabel('Health', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await assess.getByLabel('Health', { exact: true }).fill('Cataract in the left eye; knee pain on stairs.');
  await assess.getByLabel('Urgent risks').fill('Lives alone; cannot read her medicine labels.');
  await assess.getByLabel('Health care').selectOption('high');
  await assess.getByLabel('Financial help').selectOption('normal');
  await assess.getByRole('button', { name: 'Save the assessment' }).click();
  await expect(page.getByText(/^The assessment of .* is saved\.$/)).toBeVisible();
  const needs = page.getByRole('table', { name: 'Needs' });
  await expect(needs.getByRole('row', { name: 'Health care High Open' })).toBeVisible();
  await expect(needs.getByRole('row', { name: 'Financial help Normal Open' })).toBeVisible();

  // The plan: the volunteer from her own centre is suggested first.
  await page.getByRole('button', { name: 'Add an action' }).click();
  const action = page.getByRole('form', { name: 'New action' });
  await action.getByLabel('Service').selectOption('healthcare');
  const suggestions = action.locator('.care-match-list > li');
  await expect(suggestions.first()).toContainText(`${marker} Near Volunteer`);
  await expect(suggestions.first()).toContainText('same centre');
  await expect(action.getByText(`${marker} Far Volunteer`)).toBeVisible();
  await expectNoAxeViolations(page);
  await action.getByRole('button', { name: `Choose ${marker} Near Volunteer` }).click();
  await expect(action.getByText(`Chosen: ${marker} Near Volunteer`)).toBeVisible();
  await action.getByRole('textbox', { name: 'Action', exact: true }).fill('Cataract operation at the eye hospital, with a volunteer to take her');
  await action.getByLabel('Responsible').selectOption({ label: coordinatorName });
  await action.getByLabel('Target date').fill('2026-12-15');
  await action.getByLabel('Status').selectOption('done');
  await action.getByRole('button', { name: 'Save the action' }).click();
  const plan = page.getByRole('table', { name: 'Care plan' });
  await expect(plan.getByRole('row').filter({ hasText: 'Cataract operation' })).toContainText(`Volunteer: ${marker} Near Volunteer`);
  // The action done meets the need.
  await expect(needs.getByRole('row', { name: 'Health care High Met' })).toBeVisible();

  // A visit, and the next contact's date it sets.
  const contact = page.getByRole('form', { name: 'Log a call or visit' });
  await contact.getByLabel('Kind').selectOption('visit');
  await contact.getByLabel('Summary').fill('Visited at home after the operation; she reads her labels again.');
  await contact.getByLabel('Next contact due').fill('2027-01-10');
  await contact.getByRole('button', { name: 'Log the contact' }).click();
  await expect(page.getByText('The contact is logged. Next contact due: Jan 10, 2027.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: 'she reads her labels again' })).toContainText('Visit');
  await expect(page.getByText(/^Next contact due: Jan 10, 2027\. Last contact: /)).toBeVisible();

  // Help paid from the Health fund. A payment in the future is refused.
  const pay = page.getByRole('form', { name: 'Record help given' });
  await pay.getByLabel('Amount (₹)').fill('1,200');
  await pay.getByLabel('Fund (purpose)').selectOption('Health');
  await pay.getByLabel('Service').selectOption('healthcare');
  await pay.getByLabel('Mode').selectOption('upi');
  await pay.getByLabel('Paid to').fill(`${marker} Eye Hospital`);
  await pay.getByLabel('Reference').fill('UTR123456789012');
  await pay.getByLabel('Paid on').fill('2099-01-01');
  await pay.getByRole('button', { name: 'Record the help' }).click();
  await expect(pay.getByRole('link', { name: 'The date cannot be in the future.' })).toBeVisible();
  await pay.getByLabel('Paid on').fill(new Date().toISOString().slice(0, 10));
  // A fund with too little in it needs an admin's reason.
  const reason = pay.getByLabel('Why the fund may go below zero');
  if (await reason.isVisible()) await reason.fill('The operation could not wait for gifts to the Health fund.');
  await expectNoAxeViolations(page);
  await pay.getByRole('button', { name: 'Record the help' }).click();
  await expect(page.getByText('₹1,200 is recorded.')).toBeVisible();
  const payments = page.getByRole('table', { name: 'Payments and help in kind for this elder' });
  await expect(payments.getByRole('row').filter({ hasText: `${marker} Eye Hospital` })).toContainText('Approved');
  await expectNoAxeViolations(page);

  // The Reports view counts it: the help given from the Health fund, and
  // the need met.
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Care reports' })).toBeVisible();
  const purposes = page.getByRole('table', { name: 'Gifts received and help given, by purpose' });
  const health = purposes.getByRole('row').filter({ hasText: /^Health/ });
  await expect(health).toHaveCount(1);
  const paid = Number(((await health.locator('td').nth(1).textContent()) ?? '').replace(/[^\d]/g, ''));
  expect(paid).toBeGreaterThanOrEqual(1200);
  const servicesTable = page.getByRole('table', { name: 'Needs open and met, by service' });
  const healthNeeds = servicesTable.getByRole('row').filter({ hasText: /^Health care/ });
  expect(Number((await healthNeeds.locator('td').nth(1).textContent()) ?? '0')).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('chart')).toHaveCount(4);
  await expectNoAxeViolations(page);
});

test('an admin publishes a year and everyone reads its accounts, without names, in Hindi too', async ({ page }) => {
  test.setTimeout(120_000);
  await storeSession(page, admin);
  await page.goto('/admin/reports');
  // Last year: this year's figures stay open to the other tests.
  const year = page.getByLabel('Financial year');
  const last = (await year.locator('option').nth(1).getAttribute('value')) ?? '';
  await year.selectOption(last);
  const publish = page.getByRole('button', { name: `Publish ${last} on the accounts page` });
  const published = page.getByText('This year is published.');
  // The year's report loads after the choice: it offers to publish, or
  // says an earlier run already did.
  await expect(publish.or(published)).toBeVisible();
  if (await publish.isVisible()) {
    await publish.click();
    await page.getByRole('button', { name: 'Yes, publish' }).click();
    await expect(page.getByText(`The figures of ${last} are published.`)).toBeVisible();
  }
  await expect(published).toBeVisible();

  // The public page, signed out.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/accounts/${last}`);
  await expect(page.getByRole('heading', { level: 1, name: `Where your gifts went in ${last}` })).toBeVisible();
  await expect(page.getByRole('table', { name: `Gifts received and help given in ${last}, by purpose` })).toBeVisible();
  await expect(page.getByText(marker)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(`/accounts/${last}?lang=hi`);
  await expect(page.getByRole('heading', { level: 1, name: `${last} में आपका दान कहाँ गया` })).toBeVisible();
  await expectNoAxeViolations(page);
  // The donation page links to it.
  await page.goto('/donation?lang=en');
  await expect(page.getByRole('link', { name: 'See the accounts' })).toHaveAttribute('href', '/accounts');
});

test('the coordinator sees the record their role allows, and a trustee is kept out of it', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(recordId).not.toBe('');
  const coord = await logIn(request, `care-coord-${stamp}@example.org`, password);
  await storeSession(page, coord);
  await page.goto(`/admin/care/${recordId}`);
  await expect(page.getByRole('heading', { level: 1, name: elderName })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Care plan' })).toContainText('Cataract operation');
  createStaff(`care-trustee-${stamp}@example.org`, `${marker} Trustee`, password, ['trustee']);
  const trustee = await logIn(request, `care-trustee-${stamp}@example.org`, password);
  await storeSession(page, trustee);
  await page.goto(`/admin/care/${recordId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(elderName)).toHaveCount(0);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Care reports' })).toBeVisible();
  await expect(page.getByText(marker)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
