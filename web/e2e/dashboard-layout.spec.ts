// The dashboard on a phone (375 px), a tablet (768 px) and a desktop
// (1280 px): on every tab nothing needs sideways scrolling, the columns
// the tab's work needs are in view for a row (first in the table, the
// whole card on a phone), the row's one menu of actions works from the
// keyboard, and axe finds nothing.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, adminSession, storeSession, type Session } from './fixtures';

const stamp = Date.now().toString(36);

interface Tab {
  name: string;
  title: string;
  keyFields: string[];
  fields: { key: string; label: string }[];
}

/** seed gives every tab at least one row: a record of each form, a
 * referrer, a disciple confirmed by them (and one still pending), a
 * gift, a grievance; the mail and audit rows come with them. */
async function seed(request: APIRequestContext, admin: Session, tag: string) {
  let client = 0;
  const post = async (path: string, data: Record<string, unknown>, auth = false) => {
    client += 1;
    const headers: Record<string, string> = { 'X-Forwarded-For': `198.51.${100 + (tag.length % 50)}.${client}` };
    if (auth) headers.Authorization = `Bearer ${admin.token}`;
    const res = await request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  };
  const who = `Layout ${tag} ${stamp}`;
  const tp = `layout-tp-${tag}-${stamp}@temple.example`;
  await post('/api/volunteers/register', {
    fullName: `${who} Volunteer`, email: `layout-vol-${tag}-${stamp}@example.org`, mobile: '+919876543210', address: 'Vrindavan',
    country: 'India', nearestCenter: 'Vrindavan', availability: '5-10 hours/week', areasOfInterest: ['Other'], otherInterest: 'Cooking',
    experience: 'Cared for elders at home for many years.', motivation: 'To serve', skills: 'Cooking', consent: true,
  });
  await post('/api/hosts/register', {
    fullName: `${who} Host`, initiatedName: 'Gopal Das', contactNumber: '+919876543211', email: `layout-host-${tag}-${stamp}@example.org`,
    address: 'Mayapur', country: 'India', nearestCenter: 'Mayapur', accommodationTypes: ['Private Room'], accommodationOther: '',
    availabilityDurations: ['Short Term (up to 1 week)'], facilities: ['Doctor Nearby'], facilityOther: '', whyHost: 'To serve the elders',
    consentTerms: true, consentContact: true,
  });
  const disciple = (name: string, president: string) => ({
    fullName: name, dateOfBirth: '1944-03-04', address: 'Puri', contactNumber: '+919876543212',
    discipleEmail: `layout-d-${tag}-${stamp}@example.org`, templePresidentEmail: president, initiationDate: '1971-02-03', initiationName: 'Gaura Das',
  });
  await post('/api/disciples/register', disciple(`${who} Pending`, `layout-tp2-${tag}-${stamp}@temple.example`));
  await post('/api/admin/referrers', { name: `${who} President`, position: 'Temple President', temple: 'Puri', email: tp, phone: '' }, true);
  await post('/api/disciples/register', disciple(`${who} Disciple`, tp));
  const token = decodeURIComponent(await waitForMail(tp, /Reg\?token=([^\s"&<]+)/));
  await post('/api/approval/approve', {
    token, referrerName: `${who} President`, referrerPosition: 'Temple President', referrerContact: '+919876543213', referrerEmail: tp,
    referrerSignature: `${who} President`, referrerSignedOn: '2024-01-01', applicantSignature: 'Applicant', applicantSignedOn: '2024-01-01',
  });
  await post('/api/contact', {
    name: `${who} Writer`, email: `layout-msg-${tag}-${stamp}@example.org`, subject: 'A visit', phone: '+919876543214',
    message: 'When may I visit the elders?', acceptTerms: true,
  });
  await post('/api/subscribers', { email: `layout-sub-${tag}-${stamp}@example.org` });
  await post('/api/donations', {
    donorName: `${who} Donor`, email: `layout-gift-${tag}-${stamp}@example.org`, phone: '', address: 'Chennai', residentOfIndia: true,
    idType: '', idNumber: '', amount: '2500', paidOn: new Date().toISOString().slice(0, 10), mode: 'UPI',
    reference: `7${String(Date.now()).slice(-11)}`, purpose: 'General', receiptType: 'General', consent: true,
  });
  await post('/api/grievances', { name: `${who} Asker`, email: `layout-gr-${tag}-${stamp}@example.org`, phone: '', message: 'Please correct my address.' });
  // The care register: the approved disciple's record, a partner, and
  // help in kind given to the elder (it draws on no fund).
  await post('/api/admin/partners', { kind: 'hospital', name: `${who} Hospital`, city: 'Puri', phone: '', email: '', notes: '' }, true);
  // Found by its name once the search index has taken it (within moments).
  let records: { _id: string }[] = [];
  await expect
    .poll(
      async () => {
        const care = await request.get('/api/admin/care', { params: { q: `${who} Disciple` }, headers: { Authorization: `Bearer ${admin.token}` } });
        records = (await care.json()) as { _id: string }[];
        return records.length;
      },
      { message: 'the approved disciple has a care record', timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await post(`/api/admin/care/${records[0]._id}/payments`, {
    kind: 'in_kind', amountPaise: 150000, purpose: 'General', service: 'healthcare', paidOn: new Date().toISOString().slice(0, 10),
    payee: `${who} Hospital`, description: 'A wheelchair',
  }, true);
}

/** checkTab checks one tab at the page's width. */
async function checkTab(page: Page, tab: Tab, width: number) {
  await page.goto(`/admin?tab=${tab.name}`);
  await expect(page.getByRole('tab', { name: tab.title, exact: true })).toHaveAttribute('aria-selected', 'true');
  const row = page.locator('#admin-panel tbody tr').first();
  await expect(row, `${tab.name} has a row`).toBeVisible();
  await expect(page.locator('#admin-panel .admin-empty')).toHaveCount(0);

  // Nothing needs sideways scrolling.
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${tab.name} at ${width}: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);

  // The columns the tab's work needs come first, and each is in view
  // (not under the actions column that stays at the right edge).
  const menu = row.getByRole('button', { name: /^Actions for / });
  const menuBox = (await menu.count()) > 0 ? await menu.boundingBox() : null;
  const keyCells = row.locator('td.admin-key-col');
  await expect(keyCells).toHaveCount(tab.keyFields.length);
  const labels = tab.keyFields.map((k) => tab.fields.find((f) => f.key === k)!.label);
  expect(await keyCells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-label')))).toEqual(labels);
  for (let i = 0; i < labels.length; i++) {
    const cell = keyCells.nth(i);
    await expect(cell, `${tab.name} at ${width}: ${labels[i]}`).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x, `${tab.name} at ${width}: ${labels[i]} starts in view`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${tab.name} at ${width}: ${labels[i]} ends in view`).toBeLessThanOrEqual(innerWidth);
    if (menuBox && width > 900) {
      expect(box.x + box.width, `${tab.name} at ${width}: ${labels[i]} is under the actions`).toBeLessThanOrEqual(menuBox.x + 1);
    }
  }
  if (width <= 900) {
    // A card: the other columns are left to Details.
    await expect(row.locator('td.admin-more-col').first()).toBeHidden();
  } else {
    // The table's header starts with the same columns.
    const headers = await page.locator('#admin-panel thead th').evaluateAll((ths) => ths.map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim()));
    const first = headers.filter((h) => h !== '' && h !== undefined).slice(0, labels.length);
    expect(first).toEqual(labels);
  }

  await expectNoAxeViolations(page);
  // The tab as it looks, kept with the test's results.
  await page.screenshot({ path: test.info().outputPath(`${tab.name}-${width}.png`), fullPage: true });

  // The row's one menu, from the keyboard: Enter opens it on its first
  // action, the arrows move, Escape closes it back on its button.
  if (menuBox) {
    expect(menuBox.x + menuBox.width, `${tab.name} at ${width}: the menu is in view`).toBeLessThanOrEqual(innerWidth);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const items = row.locator('.admin-row-menu-list button');
    const n = await items.count();
    expect(n).toBeGreaterThan(0);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(n > 1 ? 1 : 0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.nth(n - 1)).toBeFocused();
    for (let i = 0; i < n; i++) {
      const box = (await items.nth(i).boundingBox())!;
      expect(box.x + box.width, `${tab.name} at ${width}: action ${i} in view`).toBeLessThanOrEqual(innerWidth);
    }
    const [open] = await page.evaluate(() => [document.scrollingElement!.scrollWidth]);
    expect(open, `${tab.name} at ${width}: the open menu widens the page`).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(items).toHaveCount(0);
  }
}

for (const width of [375, 768, 1280]) {
  test(`every dashboard tab at ${width} px: no sideways scrolling, its key columns in view, its menu by keyboard, axe clean`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 800 });
    const admin = await adminSession(request, `layout-admin-${width}-${stamp}@example.org`, 'Layout Admin', 'a long layout admin passphrase');
    await seed(request, admin, String(width));
    const tabs = (await (await request.get('/api/admin/tabs', { headers: { Authorization: `Bearer ${admin.token}` } })).json()) as Tab[];
    expect(tabs.length).toBeGreaterThan(10);
    await storeSession(page, admin);
    for (const tab of tabs) await checkTab(page, tab, width);
  });
}
