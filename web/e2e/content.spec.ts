// The program runs its own site, against the real binary: a fresh install
// shows no invented person, number or placeholder; an admin fills in the
// settings (phones, a bank account, the address and the map) and adds a
// team member with an uploaded photo from the dashboard's Site content
// area; a visitor then sees them in the footer, on /donation, /team,
// /contactus and the home page; the address written in Hindi reaches Hindi
// visitors only. The area itself is checked with axe and used by keyboard
// (reorder), and a stale save is refused as a conflict.
import { expect, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, adminSession, storeSession, type Session } from './fixtures';
import { png } from './png';

const stamp = Date.now().toString(36);
const adminEmail = `content-admin-${stamp}@spdc-program.in`;
const password = 'a long admin passphrase';
const member = `Radha Devi ${stamp}`;
const second = `Gopal Das ${stamp}`;
const phone = { label: 'Care desk', display: '+91 98765 43210', dial: '+919876543210' };
const account = { accountName: 'SPDC Care Trust', bank: 'State Bank of India', branch: 'Vrindavan', accountNumber: '31234567890', accountType: 'Savings', ifsc: 'SBIN0001234' };

// Words that must never reach a visitor of a fresh install.
const forbidden = /Sample|placeholder|00000|example\.org|EXMP/i;

const publicPaths = [
  '/',
  '/aboutus',
  '/team',
  '/testimonial',
  '/teamcondition',
  '/privacypolicy',
  '/services',
  '/servicesdetails',
  '/causes',
  '/causesdetails',
  '/faq',
  '/contactus',
  '/events',
  '/eventdetails',
  '/donation',
  '/implementationProcess',
  '/volunteer',
  '/donor',
  '/comingsoon',
];

let admin: Session;

async function openContent(page: Page) {
  await storeSession(page, admin);
  await page.goto('/admin?view=content');
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminSession(request, adminEmail, 'Content Admin', password);
});

test('a fresh install shows no sample or placeholder text, and says the bank details will come', async ({ page, request }) => {
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    expect(text, path).not.toMatch(forbidden);
  }
  // Nor does the data the page carries, nor the public API.
  const site = await (await request.get('/api/site')).text();
  expect(site).not.toMatch(forbidden);
  const settings = (await (await request.get('/api/site')).json()).settings;
  expect(settings.phones ?? []).toEqual([]);
  expect(settings.bankAccounts ?? []).toEqual([]);

  await page.goto('/donation');
  await expect(page.getByText('Our bank details will be published here soon.')).toBeVisible();
  await expect(page.locator('main a[href^="tel:"]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo').locator('a[href^="tel:"]')).toHaveCount(0);
  // A block with an empty list is not shown.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Our team' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Our donors' })).toHaveCount(0);
});

test('the Site content area passes axe and shows the setup checklist', async ({ page }) => {
  await openContent(page);
  await expect(page.getByRole('heading', { name: 'Setup checklist' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expectNoAxeViolations(page);
  // At 320 px nothing is wider than the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an admin sets the phones, a bank account, the address and the map', async ({ page, request }) => {
  await openContent(page);
  const phones = page.getByRole('group', { name: 'Phone numbers', exact: true });
  await phones.getByRole('button', { name: 'Add to phone numbers' }).click();
  const row = page.getByRole('group', { name: 'Phone numbers 1' });
  // Focus moves to the new row's first field.
  await expect(row.getByLabel('Label')).toBeFocused();
  await row.getByLabel('Label').fill(phone.label);
  await row.getByLabel('Shown as').fill(phone.display);
  await row.getByLabel('Number to dial').fill('call us');

  const banks = page.getByRole('group', { name: 'Bank accounts', exact: true });
  await banks.getByRole('button', { name: 'Add to bank accounts' }).click();
  const bank = page.getByRole('group', { name: 'Bank accounts 1' });
  await bank.getByLabel('Account name').fill(account.accountName);
  await bank.getByRole('textbox', { name: 'Bank', exact: true }).fill(account.bank);
  await bank.getByLabel('Branch').fill(account.branch);
  await bank.getByLabel('Account number').fill(account.accountNumber);
  await bank.getByLabel('Account type').fill(account.accountType);
  await bank.getByLabel('IFSC code').fill(account.ifsc);

  const address = page.getByRole('group', { name: 'Address lines' });
  await address.getByRole('button', { name: 'Add a line' }).click();
  await address.getByLabel('Address lines 1').fill('Raman Reti');
  await address.getByRole('button', { name: 'Add a line' }).click();
  await address.getByLabel('Address lines 2').fill('Vrindavan 281121');
  const map = page.getByRole('group', { name: 'Map position' });
  await map.getByLabel('Latitude').fill('27.5719');
  await map.getByLabel('Longitude').fill('77.6773');
  await page.getByLabel('Email', { exact: true }).first().fill(`care-${stamp}@spdc-program.in`);

  // The server refuses the number to dial: its message is next to the field,
  // which gets the focus, and nothing is saved.
  await page.getByRole('button', { name: 'Save settings' }).click();
  const dial = row.getByLabel('Number to dial');
  await expect(dial).toHaveAttribute('aria-invalid', 'true');
  await expect(dial).toBeFocused();
  await expect(row.locator('.admin-error')).not.toBeEmpty();
  await expect(page.locator('.admin-form-message')).not.toBeEmpty();
  expect(((await (await request.get('/api/site')).json()).settings.phones ?? []).length).toBe(0);

  await dial.fill(phone.dial);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(dial).not.toHaveAttribute('aria-invalid', 'true');

  // Someone else saves in the meantime: this form's next save is refused.
  const auth = { Authorization: `Bearer ${admin.token}` };
  const current = await (await request.get('/api/admin/site/settings', { headers: auth })).json();
  const other = await request.put('/api/admin/site/settings', { headers: auth, data: current });
  expect(other.status(), await other.text()).toBe(200);
  await page.getByLabel('Tagline').fill("Caring for Srila Prabhupada's elderly disciples, every day");
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('group', { name: 'Phone numbers 1' }).getByLabel('Number to dial')).toHaveValue(phone.dial);
});

test('an admin adds team members with an uploaded photo, reorders, unpublishes and deletes', async ({ page }) => {
  await openContent(page);
  await page.getByRole('navigation', { name: 'Site content' }).getByRole('button', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Team' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(member);
  await dialog.getByLabel('Role').fill('Program coordinator');
  await dialog.getByRole('textbox', { name: 'Biography' }).fill('Serves with **great care**.\n\n[a trick](javascript:alert(1)) and <b>raw</b>');
  // The preview uses the site's own Markdown renderer.
  await dialog.getByRole('button', { name: 'Show preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview of Biography' });
  await expect(preview.locator('strong')).toHaveText('great care');
  await expect(preview.locator('a')).toHaveCount(0);
  await expect(preview.locator('b')).toHaveCount(0);

  // The photo: the server's refusal of a file that is no picture is shown;
  // the description is required before anything is sent.
  await dialog.getByRole('button', { name: 'Choose or upload photo' }).click();
  await dialog.getByLabel(/Picture file/).setInputFiles({ name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('this is only text, not a picture') });
  await dialog.getByLabel(/Description for people/).fill('Not a picture');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /\w/ }).last()).toBeVisible();
  await dialog.getByLabel(/Picture file/).setInputFiles({ name: 'radha.png', mimeType: 'image/png', buffer: png(320, 240) });
  await dialog.getByLabel(/Description for people/).fill('');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Please describe the picture for people who cannot see it.')).toBeVisible();
  await dialog.getByLabel(/Description for people/).fill(`${member} smiling in a garden`);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText(`${member} smiling in a garden`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Change photo' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: member })).toBeVisible();

  // A second member, then reorder by keyboard: focus follows the item.
  await page.getByRole('button', { name: 'Add to Team' }).click();
  await dialog.getByLabel('Name').fill(second);
  await dialog.getByLabel('Role').fill('Volunteer coordinator');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const items = page.locator('.admin-items > li strong');
  await expect(items).toHaveText([member, second]);
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveText([second, member]);
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items).toHaveText([member, second]);

  // Unpublish, then delete with a confirmation.
  await page.getByRole('button', { name: `Unpublish ${second}` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: second }).getByText('Not published')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${second}` }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Delete' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveText([member]);
  await expectNoAxeViolations(page);
});

test('causes: none on a fresh install, then one added in the dashboard shows with its Donate button and amounts', async ({ page }) => {
  // Nothing published yet: the page says so and points to the donation page.
  await page.goto('/causes');
  await page.getByRole('link', { name: 'see how to donate' }).click();
  await expect(page).toHaveURL(/\/donation$/);
  await page.goto('/causesdetails');
  await expect(page.getByRole('link', { name: 'see how to donate' })).toBeVisible();

  await openContent(page);
  await page.getByRole('navigation', { name: 'Site content' }).getByRole('button', { name: 'Causes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Causes' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Causes' }).click();
  const dialog = page.getByRole('dialog');
  // The definition's required fields are refused empty, by name.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill('Cataract operations');
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('Restoring sight so that elders can read again.');
  await dialog.getByRole('textbox', { name: 'Full description' }).fill('Each operation costs **one visit** and a week of care.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Cataract operations' })).toBeVisible();

  await page.goto('/causes');
  const card = page.locator('main li').filter({ hasText: 'Cataract operations' });
  await expect(card.getByText('Restoring sight so that elders can read again.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Donate to Cataract operations' })).toHaveAttribute('href', '/donation');
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: 'Read more about Cataract operations' }).click();
  await expect(page).toHaveURL(/\/causesdetails\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cataract operations');
  await expect(page).toHaveTitle(/^Cataract operations \| /);
  await expect(page.locator('main strong')).toHaveText('one visit');
  // No invented figures: the cause shows no progress.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '₹2,500' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '₹5,000' }).click();
  await expect(page.getByRole('button', { name: '₹5,000' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Donate Now (₹5,000)' }).click();
  await expect(page).toHaveURL(/\/donation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donation');
  // A cause no longer published is said to be gone.
  await page.goto('/causesdetails?id=no-such-cause');
  await expect(page.getByText('This cause is no longer shown.')).toBeVisible();
});

test('the dashboard fetches its own messages in the language shown, and again when another is chosen', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/i18n\/(admin-[a-z]+)\.json/.exec(r.url());
    if (m) fetched.push(m[1]);
  });
  await storeSession(page, admin, '/?lang=hi');
  // The page carries the site's messages only.
  const html = await (await page.request.get('/admin?lang=hi')).text();
  expect(html).toContain('id="messages"');
  expect(html).not.toContain('admin.siteContent');
  await page.goto('/admin?view=content');
  await expect(page.getByRole('heading', { level: 1, name: 'साइट की सामग्री' })).toBeVisible();
  expect(fetched).toEqual(['admin-hi']);
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'সাইটের বিষয়বস্তু' })).toBeVisible();
  expect(fetched).toEqual(['admin-hi', 'admin-bn']);
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
});

test('an admin writes the address in Hindi: Hindi visitors read it, Bengali ones the English', async ({ page, browser }) => {
  await openContent(page);
  await page.getByRole('combobox', { name: 'Language you are editing' }).selectOption('hi');
  await expect(page.getByRole('heading', { level: 2, name: 'Settings in हिन्दी' })).toBeVisible();
  await expect(page.locator('.admin-english')).toContainText('Raman Reti');
  // Only the texts people read are there: a phone's label, but not its
  // numbers, nor the bank details.
  await expect(page.locator('.admin-english')).toContainText(`1. ${phone.label}`);
  await expect(page.getByRole('group', { name: 'Bank accounts', exact: true })).toHaveCount(0);
  await page.getByRole('group', { name: 'Phone numbers', exact: true }).getByRole('button', { name: 'Add to phone numbers' }).click();
  const row = page.getByRole('group', { name: 'Phone numbers 1' });
  await expect(row.getByLabel('Number to dial')).toHaveCount(0);
  await row.getByLabel('Label').fill('देखभाल केंद्र');
  const address = page.getByRole('group', { name: 'Address lines' });
  await address.getByRole('button', { name: 'Add a line' }).click();
  await address.getByLabel('Address lines 1').fill('रमण रेती');
  await address.getByRole('button', { name: 'Add a line' }).click();
  await address.getByLabel('Address lines 2').fill('वृंदावन 281121');
  await page.getByRole('button', { name: 'Save the हिन्दी version' }).click();
  await expect(page.getByText('The हिन्दी version was saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/?lang=hi');
  await expect(visitor.getByRole('contentinfo').getByText('रमण रेती')).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByText('Raman Reti')).toHaveCount(0);
  // The phone's label in Hindi, its number the same in every language.
  const hiPhone = visitor.getByRole('contentinfo').locator('li').filter({ hasText: 'देखभाल केंद्र' });
  await expect(hiPhone.getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.dial}`);
  await visitor.goto('/?lang=bn');
  await expect(visitor.getByRole('contentinfo').getByText('Raman Reti')).toBeVisible();
  await expect(visitor.getByRole('contentinfo').getByText(phone.label)).toBeVisible();
  await context.close();
});

test('an admin sees what lacks Hindi, translates an item and deletes the translation, and adds an item only in Hindi', async ({ page, request, browser }) => {
  const question = `Can my family visit? ${stamp}`;
  const auth = { Authorization: `Bearer ${admin.token}` };
  const made = await request.post('/api/admin/site/faq', { headers: auth, data: { question, answer: 'Yes, at any time.', published: true } });
  expect(made.status(), await made.text()).toBe(201);
  const missing = async () => ((await (await request.get('/api/admin/site/translations', { headers: auth })).json()) as { counts: { hi: { missing: number } } }).counts.hi.missing;
  const before = await missing();

  // The summary names the language and its count; the item is listed.
  await openContent(page);
  const summary = page.getByText(/lacks? a translation$/);
  await summary.click();
  await expect(page.getByText(new RegExp(`^हिन्दी: ${before} to translate`))).toBeVisible();
  await page.getByRole('button', { name: `Translate FAQ: ${question} into हिन्दी` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'FAQ in हिन्दी' })).toBeVisible();

  // Translated: the count drops by one.
  await page.getByRole('button', { name: `Translate ${question} into हिन्दी` }).click();
  const dialog = page.getByRole('dialog', { name: `${question} in हिन्दी` });
  await dialog.getByRole('textbox', { name: /Question/ }).fill(`क्या मेरा परिवार मिलने आ सकता है? ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Answer' }).fill('हाँ, कभी भी।');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Edit the हिन्दी version of ${question}` })).toBeVisible();
  expect(await missing()).toBe(before - 1);

  // The translation deleted: the English item lacks Hindi again.
  await page.getByRole('button', { name: `Delete the हिन्दी version of ${question}` }).click();
  await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: `Translate ${question} into हिन्दी` })).toBeVisible();
  expect(await missing()).toBe(before);

  // An item only in Hindi: Hindi visitors see it, English ones do not.
  const own = `क्या यहाँ भजन होता है? ${stamp}`;
  await page.getByRole('button', { name: 'Add an item only in हिन्दी' }).click();
  const add = page.getByRole('dialog', { name: 'Add to FAQ in हिन्दी' });
  await add.getByRole('textbox', { name: /Question/ }).fill(own);
  await add.getByRole('textbox', { name: 'Answer' }).fill('हाँ, हर शाम।');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Edit ${own}` })).toBeVisible();
  await expectNoAxeViolations(page);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto('/faq?lang=hi');
  await expect(visitor.getByText(own)).toBeVisible();
  await visitor.goto('/faq?lang=en');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(question)).toBeVisible();
  await expect(visitor.getByText(own)).toHaveCount(0);
  await context.close();
});

test('a visitor sees the phones, the bank account and the team member', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.dial}`);
  await expect(footer.getByText('Raman Reti')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our team' })).toBeVisible();
  const card = page.locator('section[aria-labelledby="team-title"] li').filter({ hasText: member });
  await expect(card).toBeVisible();
  const img = card.locator('img');
  await expect(img).toHaveAttribute('alt', `${member} smiling in a garden`);
  await expect(img).toHaveAttribute('src', /^\/uploads\//);
  await expect(img).toHaveAttribute('srcset', /\/uploads\/.+ \d+w/);
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', /\d+/);
  await expect(img).toHaveAttribute('height', /\d+/);
  await expect(page.getByText(second)).toHaveCount(0);

  await page.goto('/donation');
  await expect(page.getByText(account.accountNumber)).toBeVisible();
  await expect(page.getByText(account.ifsc)).toBeVisible();
  await expect(page.getByText('Our bank details will be published here soon.')).toHaveCount(0);

  await page.goto('/team');
  const teamCard = page.locator('main li').filter({ hasText: member });
  await expect(teamCard.locator('strong')).toHaveText('great care');
  await expect(teamCard.locator('a')).toHaveCount(0);
  await expect(teamCard.locator('img')).toHaveAttribute('src', /^\/uploads\//);
  await expectNoAxeViolations(page);

  // The contact page: the details, and the map loads only when asked.
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    if (/^https?:/.test(r.url()) && !r.url().includes('127.0.0.1')) thirdParty.push(r.url());
  });
  await page.goto('/contactus');
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
  await expect(page.locator('main a[href^="tel:"]')).toHaveCount(1);
  await expect(page.locator('main a[href^="mailto:"]')).toHaveText(`care-${stamp}@spdc-program.in`);
  await page.route('https://www.openstreetmap.org/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
  await page.getByRole('button', { name: 'Show the map' }).click();
  await expect(page.locator('iframe[title^="Map"]')).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
  await context.close();
});
