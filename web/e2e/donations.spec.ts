// Donations end to end, on a server of their own (the payment settings they
// set would change what the other specs see on /donation): the page with
// its bank account, UPI ID and QR code; the report form's rules and errors;
// a signed-in donor reports a gift, an admin confirms it from the
// Donations tab, the donor downloads the receipt from My Account, its QR
// code's page says it is valid and, once the admin cancels it, cancelled;
// an unknown code says so; a bank statement import proposes a match the
// admin accepts; the annual statement lists a gift it cannot file until
// the admin fixes it. Axe on each.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expectNoAxeViolations, logIn, storeSession, type Session , openRowMenu } from './fixtures';
import { pdfTexts } from './pdf-text';
import { freePort, waitReady } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const password = 'a long donations passphrase';
const adminEmail = `donations-admin-${stamp}@example.org`;
const donorEmail = `donor-${stamp}@example.org`;
const donorName = `Radha Sharma ${stamp}`;
const account = {
  accountName: 'SPDC Charitable Trust',
  bank: 'State Bank of India',
  branch: 'Vrindavan',
  accountNumber: '40001234567',
  accountType: 'Savings',
  ifsc: 'SBIN0001234',
};
const upiId = 'spdc.trust@sbi';
// A UPI reference of 12 digits, different on every run.
const reference = `7${String(Date.now()).slice(-11)}`;

let child: ChildProcess;
let dataDir = '';
let base = '';
let log = '';
let admin: Session;
let donor: Session;

/** login signs in on this spec's own server. */
function login(request: APIRequestContext, identifier: string): Promise<Session> {
  return logIn(request, identifier, password, base);
}

/** signIn stores a session in a page of this spec's own server. */
function signIn(page: Page, s: Session) {
  return storeSession(page, s, `${base}/`);
}

/** mailTo returns the captured messages to an address, newest last. */
function mailTo(address: string): string[] {
  const dir = join(dataDir, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((n) => join(dir, n))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((p) => readFileSync(p, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => raw.includes(address));
}

test.beforeAll(async ({ request }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'spdc-e2e-donations-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    SPDC_ADDR: `127.0.0.1:${port}`,
    SPDC_DATA_DIR: dataDir,
    SPDC_PUBLIC_URL: base,
    SPDC_LOG_FORMAT: 'text',
    SPDC_TRUSTED_PROXIES: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.SPDC_DATA_KEY;
  child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d) => {
    log = (log + String(d)).slice(-20_000);
  });
  await waitReady(base, 20_000);

  execFileSync(binary, ['admin', 'create', '--email', adminEmail, '--name', 'Donations Admin'], { input: password + '\n', env });
  admin = await login(request, adminEmail);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const current = await (await request.get(`${base}/api/admin/site/settings`, { headers: auth })).json();
  const put = await request.put(`${base}/api/admin/site/settings`, {
    headers: auth,
    data: {
      ...current,
      orgName: 'SPDC Charitable Trust',
      trustLegalName: 'SPDC Charitable Trust',
      email: `care-${stamp}@spdc-program.in`,
      bankAccounts: [account],
      upiId,
      upiPayeeName: 'SPDC Trust',
      trustPan: 'AAATS1234F',
      reg80G: { number: 'AAATS1234FF20241', date: '2024-04-01', validUntil: '2029-03-31' },
      urn: { number: 'AAATS1234FF20241', date: '2024-04-01' },
      signatory: { name: 'Govinda Das', title: 'Trustee' },
      fcraInstructions: 'Please send gifts from abroad to our **FCRA account 40009999999** at SBI, New Delhi Main Branch.',
      receiptPrefix: 'SPDC',
    },
  });
  expect(put.status(), await put.text()).toBe(200);

  const reg = await request.post(`${base}/api/users/register`, {
    data: { fullName: donorName, email: donorEmail, mobile: '9876543210', password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  donor = await login(request, donorEmail);
});

test.afterAll(async () => {
  if (!child) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  rmSync(dataDir, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; this hook needs none
test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus) console.error('donations spdc log:\n' + log.slice(-4000));
});

test('the donation page shows the accounts with copy buttons and a UPI QR code, and passes axe', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.goto(`${base}/donation`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donation');
  await expect(page.getByText(account.accountNumber, { exact: true })).toBeVisible();
  await expect(page.getByText(account.ifsc, { exact: true })).toBeVisible();
  await expect(page.getByText(upiId, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code to pay SPDC Trust with a UPI app/ })).toBeVisible();
  // A computer scans the code; only a phone gets the link to a UPI app.
  await expect(page.getByRole('link', { name: 'Pay with a UPI app' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Copy account number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied account number' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Copy account number' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.accountNumber);
  await expectNoAxeViolations(page);
});

test('on a phone the page offers to pay with a UPI app', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.goto(`${base}/donation`);
  const pay = page.getByRole('link', { name: 'Pay with a UPI app' });
  await expect(pay).toHaveAttribute('href', 'upi://pay?pa=spdc.trust@sbi&pn=SPDC%20Trust&cu=INR');
  const box = await pay.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page);
  await ctx.close();
});

test('the report form explains its rules, shows each error beside its field, and sends donors abroad to the FCRA account', async ({ page }) => {
  await page.goto(`${base}/donation`);
  const form = page.locator('form.gift-form');
  await expect(page.getByText('For a gift above ₹49,999 the law requires your PAN.')).toBeVisible();

  await form.getByRole('radio', { name: /Yes, I live in India/ }).check();
  await form.getByLabel('Amount in rupees').fill('100000');
  await expect(form.getByText('You are reporting ₹1,00,000.')).toBeVisible();
  await expect(form.getByText(/so the law requires your PAN/)).toBeVisible();
  await form.getByRole('radio', { name: 'Aadhaar', exact: true }).check();
  await form.getByLabel('Aadhaar number').fill('9999 4105 7059');
  await form.getByRole('radio', { name: /^UPI/ }).check();
  await form.getByLabel('UPI transaction ID (UTR)').fill('12345');
  await page.getByRole('button', { name: 'Send my report' }).click();

  // The error summary lists each problem as a link; each is also beside its field.
  await expect(form.locator('.error-summary')).toContainText('There is a problem');
  await expect(form.getByRole('link', { name: /This Aadhaar number is not valid/ })).toBeVisible();
  await expect(form.getByRole('link', { name: 'A UPI reference (UTR) has 12 digits.' })).toBeVisible();
  await expect(form.getByLabel('UPI transaction ID (UTR)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('UPI transaction ID (UTR)')).toHaveAccessibleDescription(/A UPI reference \(UTR\) has 12 digits\./);
  await expect(form.getByRole('link', { name: 'Enter the date you paid.' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The same mistakes refused by the server, field by field.
  const res = await page.request.post(`${base}/api/donations`, {
    data: {
      donorName: 'Someone', email: 'someone@example.org', phone: '', address: 'Mathura', residentOfIndia: true, idType: 'AADHAAR',
      idNumber: '999941057059', amount: '5e3', paidOn: '2026-01-10', mode: 'UPI', reference: '12345', purpose: 'General',
      receiptType: '80G', consent: true,
    },
  });
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['amount', 'idNumber', 'reference']));

  await form.getByRole('radio', { name: 'No, I live outside India' }).check();
  await expect(form.getByText('FCRA account 40009999999')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send my report' })).toHaveCount(0);
});

test('a donor reports a gift, an admin confirms it, and the donor downloads the receipt from My Account', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, donor);
  await page.goto(`${base}/donation`);
  const form = page.locator('form.gift-form');
  await form.getByRole('radio', { name: /Yes, I live in India/ }).check();
  // The profile fills in who the donor is.
  await expect(form.getByLabel('Your name')).toHaveValue(donorName);
  await expect(form.getByLabel('Email')).toHaveValue(donorEmail);
  await form.getByLabel('Amount in rupees').fill('5000');
  const paidOn = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('Date you paid').fill(paidOn);
  await form.getByRole('radio', { name: /^UPI/ }).check();
  await form.getByLabel('UPI transaction ID (UTR)').fill(reference);
  await form.getByRole('radio', { name: /^Health/ }).check();
  await form.getByRole('radio', { name: /^80G receipt/ }).check();
  await form.getByRole('radio', { name: 'PAN card' }).check();
  await form.getByRole('textbox', { name: 'PAN' }).fill('abcpe1234f');
  await form.getByLabel('Address').fill('12 Parikrama Marg, Vrindavan');
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Send my report' }).click();

  // Check your answers: nothing is sent until the donor confirms.
  const check = page.getByRole('region', { name: 'Check your answers before sending' });
  await expect(check.getByText('₹5,000')).toBeVisible();
  await expect(check.getByText('ABCPE1234F')).toBeVisible();
  await expectNoAxeViolations(page);
  await check.getByRole('button', { name: 'Confirm and send' }).click();

  const received = page.getByRole('status').filter({ hasText: 'Thank you! We have received your report' });
  await expect(received).toBeVisible();
  await expect(received.getByText('₹5,000', { exact: true })).toBeVisible();
  await expect(received.getByText(reference)).toBeVisible();
  await expect(received.getByText(donorEmail)).toBeVisible();

  // The same transfer reported again is refused, and the form says why.
  await received.getByRole('button', { name: /Close and report another gift/ }).click();
  await form.getByRole('radio', { name: /Yes, I live in India/ }).check();
  await form.getByLabel('Amount in rupees').fill('5000');
  await form.getByLabel('Date you paid').fill(paidOn);
  await form.getByRole('radio', { name: /^UPI/ }).check();
  await form.getByLabel('UPI transaction ID (UTR)').fill(reference);
  await form.getByRole('radio', { name: /^Health/ }).check();
  await form.getByRole('radio', { name: /^General receipt/ }).check();
  await form.getByRole('radio', { name: 'I prefer not to give an ID' }).check();
  await form.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Send my report' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(form.locator('.form-alert')).toContainText('If you sent this report before, there is nothing more to do');
  await expect(form.getByLabel('UPI transaction ID (UTR)')).toHaveAttribute('aria-invalid', 'true');

  // My Account: reported, no receipt yet.
  await page.goto(`${base}/myaccount`);
  const mine = page.getByRole('region', { name: 'Your donations' });
  await expect(mine.getByText('₹5,000')).toBeVisible();
  await expect(mine.getByText('Reported', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: /Download receipt/ })).toHaveCount(0);

  // The admin confirms it from the Donations tab.
  const adminCtx = await browser.newContext();
  const ap = await adminCtx.newPage();
  await signIn(ap, admin);
  await ap.goto(`${base}/admin`);
  await ap.getByRole('tab', { name: 'Donations' }).click();
  await ap.getByLabel('Search').fill(reference);
  const row = ap.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(ap);
  await openRowMenu(row);
  await row.getByRole('button', { name: `Confirm gift of ${donorName}` }).click();
  const dialog = ap.getByRole('dialog', { name: 'Confirm gift' });
  await expect(dialog.getByLabel('Amount received (rupees)')).toHaveValue('5000');
  await expect(dialog.getByLabel('Received on')).toHaveValue(paidOn);
  await expect(dialog.getByText('The receipt will be for ₹5,000.')).toBeVisible();
  await expectNoAxeViolations(ap);
  await dialog.getByRole('button', { name: 'Confirm and issue receipt' }).click();
  await expect(dialog).toBeHidden();
  await openRowMenu(row);
  await expect(row.getByRole('button', { name: /^Download receipt SPDC\/\d{4}-\d{2}\/\d{6} \(PDF\)$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Confirm gift/ })).toHaveCount(0);
  // Confirming twice is refused.
  const list = await ap.request.get(`${base}/api/admin/donations?q=${reference}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  const [gift] = (await list.json()) as { _id: string; receipt: { number: string } }[];
  const again = await ap.request.post(`${base}/api/admin/donations/${gift._id}/confirm`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { receivedOn: paidOn, amount: '5000' },
  });
  expect(again.status()).toBe(409);
  await adminCtx.close();

  // The donor downloads the receipt.
  await page.reload();
  await expect(mine.getByText('Confirmed', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await mine.getByRole('button', { name: `Download receipt ${gift.receipt.number} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^receipt-SPDC-\d{4}-\d{2}-\d{6}\.pdf$/);
  const pdf = readFileSync(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);

  // The receipt prints, under its QR code, the address the code opens;
  // that page says the receipt is valid and shows the donor's name masked.
  const printed = pdfTexts(pdf).join('\n').match(/\/receipts\/verify\/([a-z2-7]{26})/);
  expect(printed, 'the receipt prints its verification address').not.toBeNull();
  const code = printed?.[1] ?? '';
  // The receipt was also emailed to the donor, the PDF attached.
  await expect.poll(() => mailTo(donorEmail).some((m) => m.includes(gift.receipt.number) && /application\/pdf/.test(m))).toBe(true);
  await page.goto(`${base}/receipts/verify/${code}`);
  await expect(page.getByText('This receipt is valid')).toBeVisible();
  await expect(page.getByText(gift.receipt.number)).toBeVisible();
  await expect(page.getByText('₹5,000')).toBeVisible();
  await expect(page.getByText(donorName)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The admin cancels the receipt with a reason: it keeps its number, and
  // its page now says it was cancelled.
  const adminCtx2 = await browser.newContext();
  const ap2 = await adminCtx2.newPage();
  await signIn(ap2, admin);
  await ap2.goto(`${base}/admin`);
  await ap2.getByRole('tab', { name: 'Donations' }).click();
  await ap2.getByLabel('Search').fill(reference);
  const row2 = ap2.getByRole('row').filter({ hasText: reference });
  await openRowMenu(row2);
  await row2.getByRole('button', { name: `Cancel receipt ${gift.receipt.number}` }).click();
  const cancel = ap2.getByRole('dialog', { name: 'Cancel receipt' });
  await cancel.getByRole('button', { name: 'Cancel receipt' }).click();
  await expect(cancel.getByText('Please give the reason: it is kept with the record.')).toBeVisible();
  await cancel.getByLabel('Reason for cancelling').fill('Issued to the wrong name');
  await cancel.getByRole('button', { name: 'Cancel receipt' }).click();
  await expect(cancel).toBeHidden();
  await openRowMenu(row2);
  await expect(row2.getByRole('button', { name: /^Download receipt / })).toBeVisible();
  await expect(row2.getByRole('button', { name: `Cancel receipt ${gift.receipt.number}` })).toHaveCount(0);
  await adminCtx2.close();
  await page.goto(`${base}/receipts/verify/${code}`);
  await expect(page.getByText('This receipt was cancelled')).toBeVisible();
  await expect(page.getByText(gift.receipt.number)).toBeVisible();
});

test('an admin imports a bank statement, accepts the proposed match, and checks the annual statement', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ref = `8${String(Date.now()).slice(-11)}`;
  const today = new Date().toISOString().slice(0, 10);
  const reported = await request.post(`${base}/api/donations`, {
    headers: { 'X-Forwarded-For': '192.0.2.77' },
    data: {
      donorName: `Gopal Iyer ${stamp}`, email: `gopal-${stamp}@example.org`, phone: '', address: 'Chennai', residentOfIndia: true,
      idType: '', idNumber: '', amount: '1500.50', paidOn: today, mode: 'UPI', reference: ref, purpose: 'General',
      receiptType: 'General', consent: true,
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await signIn(page, admin);
  await page.goto(`${base}/admin`);
  await page.getByRole('tab', { name: 'Donations' }).click();
  await page.getByText('Import a bank statement').click();
  const [d, m, y] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
  const csv = [
    'Account Statement,,,,,',
    'Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${d}/${m}/${y},UPI/${ref}/GOPAL IYER,${ref},,"1,500.50","10,000.00"`,
    `${d}/${m}/${y},ATM WITHDRAWAL,,500.00,,"9,500.00"`,
    `${d}/${m}/${y},NEFT-UNKNOWN SENDER,HDFC0000000000000001,,"7,000.00","16,500.00"`,
  ].join('\n');
  await page.getByLabel('Statement file (CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The server's guess of the columns fills the mapping.
  await expect(page.getByRole('combobox', { name: 'Date', exact: true })).toHaveValue('Date');
  await expect(page.getByRole('combobox', { name: 'Credit', exact: true })).toHaveValue('Deposit Amt.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Find matches' }).click();
  const matches = page.getByRole('region', { name: 'Proposed matches' });
  const match = matches.getByRole('row').filter({ hasText: ref });
  await expect(match).toHaveCount(1);
  await expect(match.getByRole('cell', { name: '₹1,500.50', exact: true })).toBeVisible();
  await expect(page.getByText(/Credits with no reported gift \(1\)/)).toBeVisible();
  await expectNoAxeViolations(page);
  await match.getByRole('button', { name: /^Accept match of line/ }).click();
  await expect(match.getByText('Confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept all (0)' })).toBeDisabled();

  // The annual statement: this year's is provisional, and the gift without
  // an ID cannot be filed until it is fixed.
  await page.getByText('Annual statement of donations').click();
  const fy = page.getByLabel('Financial year');
  const thisYear = await fy.locator('option').first().textContent();
  await fy.selectOption(thisYear ?? '');
  await page.getByRole('button', { name: 'Check the statement' }).click();
  await expect(page.getByText(/No: provisional/)).toBeVisible();
  const fix = page.getByRole('button', { name: `Fix the details of Gopal Iyer ${stamp}` });
  await expect(fix).toBeVisible();
  await expectNoAxeViolations(page);
  await fix.click();
  const edit = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(edit).toBeVisible();
  await edit.getByLabel('ID type').selectOption('PAN');
  await edit.getByLabel('ID number').fill('AFZPK7190K');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Check the statement' }).click();
  await expect(page.getByRole('button', { name: `Fix the details of Gopal Iyer ${stamp}` })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download statement ${thisYear} (CSV)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`statement-of-donations-${thisYear}.csv`);
  expect(readFileSync(await file.path(), 'utf8')).toContain('AFZPK7190K');
});

test('the check of an unknown receipt code says that none matches', async ({ page }) => {
  await page.goto(`${base}/receipts/verify/no-such-code-${stamp}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check a receipt');
  await expect(page.getByText('No receipt matches this code')).toBeVisible();
  await expectNoAxeViolations(page);
});
