// The admin dashboard against the real binary: an admin searches, pages,
// edits, is refused what the rules forbid (editing admin data, approving
// disciples), resends a confirmation link, deletes a pending registration,
// downloads the CSV, reads the mail outbox and retries a failed message; a
// non-admin is turned away.
import { expect, type Page } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expectNoAxeViolations, mailsTo, waitForMail, adminSession, logIn, storeSession, type Session , openRowMenu } from './fixtures';
import { freePort, waitReady } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

const stamp = Date.now().toString(36);
const adminEmail = `admin-${stamp}@example.org`;
const password = 'a long admin passphrase';
const marker = `zmark${stamp}`;

/** searchFor types into the search box and waits for the searched list. */
async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByLabel('Search').fill(text);
  await answered;
}

test.describe.configure({ mode: 'serial' });

let admin: Session;

test.beforeAll(async ({ request }) => {
  admin = await adminSession(request, adminEmail, 'Program Admin', password);
  // Twelve volunteers, each from their own client address, as twelve
  // people would send them (one client may send only a few forms an hour).
  for (let i = 1; i <= 12; i++) {
    const res = await request.post('/api/volunteers/register', {
      headers: { 'X-Forwarded-For': `192.0.2.${i}` },
      data: {
        fullName: `${marker} Volunteer ${String(i).padStart(2, '0')}`,
        email: `vol${i}-${stamp}@example.org`,
        mobile: '+919876543210',
        address: 'Vrindavan',
        country: 'India',
        nearestCenter: 'Vrindavan',
        availability: '5-10 hours/week',
        areasOfInterest: ['Financial Assistance'],
        otherInterest: '',
        experience: 'Cooking for elders over many years of service',
        motivation: 'To serve',
        skills: 'Cooking',
        consent: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const res = await request.post('/api/disciples/register', {
    data: {
      fullName: `${marker} Pending Disciple`,
      dateOfBirth: '1945-08-15',
      address: 'Mayapur',
      contactNumber: '+919876543211',
      discipleEmail: `disciple-${stamp}@example.org`,
      templePresidentEmail: `tp-${stamp}@example.org`,
      initiationDate: '1972-03-01',
      initiationName: 'Test Das',
    },
  });
  expect([200, 201]).toContain(res.status());
});

test('the dashboard fetches each of its files once: the hints the server writes are the ones the app uses', async ({ page }) => {
  // The session is written from a page without the app, so no file a
  // starting app asks for is counted before the dashboard opens.
  await storeSession(page, admin, '/favicon.svg');
  const fetched = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/')) fetched.set(path, (fetched.get(path) ?? 0) + 1);
  });
  const unused: string[] = [];
  page.on('console', (m) => {
    if (/preload .* not used/i.test(m.text())) unused.push(m.text());
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...fetched.keys()].some((f) => /^\/assets\/admin-[^/]+\.css$/.test(f)), [...fetched.keys()].join(' ')).toBe(true);
  expect([...fetched].filter(([, n]) => n > 1)).toEqual([]);
  expect(unused).toEqual([]);
});

test('a visitor is sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a non-admin sees Access Denied', async ({ page, request }) => {
  const email = `user-${stamp}@example.org`;
  const reg = await request.post('/api/users/register', {
    data: { fullName: 'Plain User', email, mobile: `+9198${String(Date.now()).slice(-8)}`, password: 'a long user passphrase' },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await storeSession(page, await logIn(request, email, 'a long user passphrase'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible();
});

test('an admin searches, pages, edits and is refused where the rules forbid', async ({ page }) => {
  await storeSession(page, admin);
  // The dashboard's messages are fetched once: by the page's own hint,
  // with its code, and the app takes that copy rather than asking again.
  const catalogues: string[] = [];
  page.on('request', (r) => r.url().includes('/i18n/admin-') && catalogues.push(r.url()));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="fetch"][href^="/i18n/admin-en.json?v="]')).toHaveCount(1);
  expect(catalogues).toHaveLength(1);
  expect(catalogues[0]).toMatch(/\/i18n\/admin-en\.json\?v=\w+$/);
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  // Refused on an admin user (the client toast; the server says the same).
  const adminRow = page.getByRole('row').filter({ hasText: adminEmail });
  await openRowMenu(adminRow);
  await adminRow.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByText('You cannot edit admin data!')).toBeVisible();
  await openRowMenu(adminRow);
  await adminRow.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByText('You cannot delete admin data!')).toBeVisible();
  const api = await page.request.put(`/api/admin/users/${String(admin.user._id)}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { fullName: 'X', __v: 0 },
  });
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe('You cannot edit admin data!');

  // Search and paging on the volunteers tab.
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  await searchFor(page, marker);
  await expect(page.getByText('Showing 1-5 of 12')).toBeVisible();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 6-10 of 12')).toBeVisible();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible();
  await page.getByLabel('Rows per page').selectOption({ label: 'Full List' });
  await expect(page.getByText('Showing 1-12 of 12')).toBeVisible();
  // Long text is cut to 12 characters plus an ellipsis, full text on focus.
  await expect(page.getByText('Cooking for …').first()).toBeVisible();
  // The search text changing goes back to page 1.
  await page.getByLabel('Rows per page').selectOption('5');
  await page.getByRole('button', { name: 'Next' }).click();
  await searchFor(page, `${marker} Volunteer 1`);
  await expect(page.getByText('Showing 1-3 of 3')).toBeVisible();

  // Edit a volunteer.
  const row = page.getByRole('row').filter({ hasText: `${marker} Volunteer 12` }).first();
  await openRowMenu(row);
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Full Name').fill(`${marker} Volunteer 1 Edited`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: /Edited/ }).first()).toBeAttached();

  // Approval is refused: read-only in the form, 403 from the server.
  const tp = `tp2-${stamp}@example.org`;
  const reg = await page.request.post('/api/disciples/register', {
    data: { fullName: `${marker} Approved Disciple`, dateOfBirth: '1940-01-02', address: 'Puri', contactNumber: '+919876543212',
      discipleEmail: `d2-${stamp}@example.org`, templePresidentEmail: tp, initiationDate: '1970-05-06', initiationName: 'Approved Das' },
  });
  expect([200, 201]).toContain(reg.status());
  const token = decodeURIComponent(await waitForMail(tp, /Reg\?token=([^\s"&<]+)/));
  // Only a referrer in the directory approves outright.
  const added = await page.request.post('/api/admin/referrers', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: 'Ref Person', position: 'Temple President', temple: 'Puri', email: tp, phone: '' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const ok = await page.request.post('/api/approval/approve', {
    data: { token, referrerName: 'Ref Person', referrerPosition: 'Temple President', referrerContact: '+919876543213', referrerEmail: tp,
      referrerSignature: 'Ref Person', referrerSignedOn: '2024-01-01', applicantSignature: 'Applicant', applicantSignedOn: '2024-01-01' },
  });
  expect(ok.status(), await ok.text()).toBe(200);
  await page.getByRole('tab', { name: 'Disciples' }).click();
  await searchFor(page, `${marker} Approved`);
  const drow = page.getByRole('row').filter({ hasText: 'Approved Disciple' });
  await expect(drow.getByText('Yes')).toBeVisible();
  await expect(drow.getByText('Ref Person')).toBeVisible();
  await openRowMenu(drow);
  await drow.getByRole('button', { name: /^Edit / }).click();
  const ddialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await expect(ddialog.getByLabel('Approved (read-only)')).toBeDisabled();
  await ddialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ddialog).toBeHidden();
  const id = (await drow.getByRole('cell').nth(-2).innerText()).trim();
  const refused = await page.request.put(`/api/admin/disciples/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { isApproved: false, __v: 1 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Admin cannot approve disciples.');
});

test('an admin resends the confirmation link of a pending registration', async ({ page }) => {
  const tp = `tp-${stamp}@example.org`;
  const tokenRe = /Reg\?token=([^\s"&<]+)/;
  const first = await waitForMail(tp, tokenRe);
  const before = mailsTo(tp).length;
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Pending' }).click();
  await searchFor(page, marker);
  const row = page.getByRole('row').filter({ hasText: `${marker} Pending` });
  await expect(row).toHaveCount(1);
  await openRowMenu(row);
  await row.getByRole('button', { name: /^Resend / }).click();
  await expect(page.getByText('A new confirmation link was sent to the temple president. Earlier links no longer work.')).toBeVisible();
  // A new confirmation request arrives, with a new link; the old one no
  // longer works.
  await expect.poll(() => mailsTo(tp).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const latest = mailsTo(tp).at(-1)!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const fresh = latest.match(tokenRe)?.[1];
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(first);
  const old = await page.request.get(`/api/approval/${first}`);
  expect(old.status()).toBeGreaterThanOrEqual(400);
  const current = await page.request.get(`/api/approval/${fresh}`);
  expect(current.status(), await current.text()).toBe(200);
});

test('an admin reads the mail outbox: searched, paged and exported by the server', async ({ page }) => {
  const tp = `tp-${stamp}@example.org`;
  await storeSession(page, admin);
  await page.goto('/admin');
  // Paged by the server: page 1 of 5 rows, the total in X-Total-Count.
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/mail');
  await page.getByRole('tab', { name: 'Mail' }).click();
  const res = await listed;
  expect(Object.fromEntries(new URL(res.url()).searchParams)).toEqual({ page: '1', pageSize: '5' });
  const total = Number(res.headers()['x-total-count']);
  expect(total).toBeGreaterThan(5);
  await expect(page.getByText(`Showing 1-5 of ${total}`)).toBeVisible();
  // Searched by the server: the two confirmation requests to this temple
  // president (the first and the one sent again), newest first.
  await searchFor(page, tp);
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: tp });
  await expect(rows).toHaveCount(2);
  // This server has no SMTP_URL: its mail went to files, and says so.
  await expect(rows.nth(1).getByRole('cell', { name: 'written to a file, not sent', exact: true })).toBeVisible();
  await expect(page.getByTestId('mail-to-file-banner')).toContainText('no mail server (SMTP_URL) is set up');
  await expect(page.getByRole('button', { name: /^Retry / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The CSV is the server's export of the searched list, without bodies.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('mail-data.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Kind,To,Subject,Status,Attempts,Last error,Next attempt,Created,Sent,ID');
  expect(lines).toHaveLength(3);
  for (const line of lines.slice(1)) expect(line).toContain(tp);
  expect(text).not.toMatch(/token/i); // the confirmation links live in the bodies
});

test('an admin deletes a pending registration', async ({ page }) => {
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Pending' }).click();
  await searchFor(page, marker);
  const row = page.getByRole('row').filter({ hasText: `${marker} Pending` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('awaiting')).toBeVisible();
  await openRowMenu(row);
  await expect(row.getByRole('button', { name: /^Resend / })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  // A pending record cannot be edited through the API either.
  const id = (await row.getByRole('cell').nth(-2).innerText()).trim();
  const put = await page.request.put(`/api/admin/pending-disciples/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { fullName: 'X', __v: 0 },
  });
  expect((await put.json()).message).toBe('Editing not allowed for this type.');
  await openRowMenu(row);
  await row.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(dialog.getByText('Are you sure you want to delete this entry?')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Entry deleted successfully!')).toBeVisible();
  await expect(page.getByText('No entries found.')).toBeVisible();
});

test('an admin downloads the CSV of the filtered list', async ({ page }) => {
  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  await searchFor(page, marker);
  await expect(page.getByText('Showing 1-5 of 12')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('volunteers-data.csv');
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toContain('Full name,Email');
  expect(lines).toHaveLength(13);
  expect(text).toContain(`${marker} Volunteer 1 Edited`);
  expect(text).toContain("'+919876543210");
});

// The shared test server writes mail to .eml files (SMTP_URL unset), and a
// file write never fails for good, so no message can become "failed"
// there. This test starts a second instance of the same binary whose
// SMTP_URL points at a small SMTP server that refuses one recipient with
// a permanent 550, as a real mail server would.
interface SmtpStub {
  port: number;
  refuse: Set<string>;
  delivered: string[];
  close: () => void;
}

async function startSmtpStub(): Promise<SmtpStub> {
  const refuse = new Set<string>();
  const delivered: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => {});
    sock.setEncoding('utf8');
    let buf = '';
    let inData = false;
    let rcpt: string[] = [];
    const reply = (line: string) => sock.write(line + '\r\n');
    reply('220 stub.example.org ESMTP');
    sock.on('data', (chunk: string) => {
      buf += chunk;
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            delivered.push(...rcpt);
            reply('250 2.0.0 queued');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 stub.example.org');
        else if (verb === 'MAIL') {
          rcpt = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const addr = (/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase();
          if (refuse.has(addr)) reply(`550 5.1.1 <${addr}>: Recipient address rejected`);
          else {
            rcpt.push(addr);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          sock.end();
        } else reply('250 ok'); // RSET, NOOP
      }
    });
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  return {
    port: (server.address() as AddressInfo).port,
    refuse,
    delivered,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

test('an admin retries a failed message and it is sent', async ({ page, request }) => {
  const smtp = await startSmtpStub();
  const dataDir = mkdtempSync(join(tmpdir(), 'spdc-e2e-smtp-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    SPDC_ADDR: `127.0.0.1:${port}`,
    SPDC_DATA_DIR: dataDir,
    SPDC_PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?tls=none`,
    SPDC_LOG_FORMAT: 'text',
  };
  delete env.DATABASE_URL;
  delete env.SPDC_ADMIN_NOTIFY;
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => {
    log = (log + String(d)).slice(-20_000);
  });
  const exited = new Promise((res) => child.once('exit', res));
  try {
    await waitReady(base, 20_000);
    const email = `mail-admin-${stamp}@example.org`;
    execFileSync(binary, ['admin', 'create', '--email', email, '--name', 'Mail Admin'], { input: password + '\n', env });
    const session = await logIn(request, email, password, base);
    const headers = { Authorization: `Bearer ${session.token}` };

    // A volunteer whose address the mail server refuses: the
    // acknowledgement fails for good at the first attempt.
    const bounce = `bounce-${stamp}@example.org`;
    smtp.refuse.add(bounce);
    const reg = await request.post(`${base}/api/volunteers/register`, {
      data: {
        fullName: `${marker} Bounced Volunteer`, email: bounce, mobile: '+919876543219', address: 'Vrindavan', country: 'India',
        nearestCenter: 'Vrindavan', availability: '5-10 hours/week', areasOfInterest: ['Financial Assistance'], otherInterest: '',
        experience: 'Cooking for elders over many years of service', motivation: 'To serve', skills: 'Cooking', consent: true,
      },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const statusOf = async () => {
      const r = await request.get(`${base}/api/admin/mail?q=${encodeURIComponent(bounce)}`, { headers });
      const rows = (await r.json()) as { status: string; lastError: string }[];
      return rows.map((m) => m.status).join(',');
    };
    await expect.poll(statusOf, { timeout: 15_000 }).toBe('failed');
    // The mail server accepts the address again (the mailbox was fixed).
    smtp.refuse.delete(bounce);

    await page.goto(base + '/');
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await page.goto(base + '/admin');
    await page.getByRole('tab', { name: 'Mail' }).click();
    await searchFor(page, bounce);
    const row = page.getByRole('row').filter({ hasText: bounce });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'failed', exact: true })).toBeVisible();
    await expect(row).toContainText('Recipient address rejected');
    await expectNoAxeViolations(page);

    await openRowMenu(row);
    await row.getByRole('button', { name: `Retry mail to ${bounce}` }).click();
    await expect(page.getByText('The message will be sent again now.')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Retry / })).toHaveCount(0);
    // Nothing left to do with it: the row has no menu at all.
    await expect(row.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(row.getByRole('cell', { name: /^(pending|sent)$/ })).toBeVisible();
    await expect.poll(statusOf, { timeout: 15_000 }).toBe('sent');
    expect(smtp.delivered).toContain(bounce);
    // Opening the tab again shows it sent.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByRole('tab', { name: 'Mail' }).click();
    await expect(row.getByRole('cell', { name: 'sent', exact: true })).toBeVisible();
  } catch (err) {
    console.error('second spdc instance log:\n' + log.slice(-4000));
    throw err;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an admin edits a record with a long address and long experience, and sorts by every column offered', async ({ page, request }) => {
  const email = `long-${stamp}@example.org`;
  const res = await request.post('/api/volunteers/register', {
    data: {
      fullName: `${marker} Long Writer`,
      email,
      mobile: '+919876543213',
      address: 'Lane '.repeat(90), // 450 characters
      experience: 'Cared for elders. '.repeat(170), // 3,060 characters
      motivation: 'To serve',
      skills: 'Cooking',
      consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await storeSession(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Volunteers' }).click();
  await searchFor(page, email);
  const row = page.getByRole('row').filter({ hasText: `${marker} Long Writer` });
  await openRowMenu(row);
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Entry' });
  await dialog.getByLabel('Skills').fill('Cooking and singing');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Every column the dashboard offers to sort by is one the server sorts by.
  const tabs = (await (
    await request.get('/api/admin/tabs', { headers: { Authorization: `Bearer ${admin.token}` } })
  ).json()) as { title: string }[];
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab.title, exact: true }).click();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    if ((await page.getByRole('table').count()) === 0) continue; // an empty list has no headings to sort by
    const buttons = page.locator('thead button.admin-sort');
    const n = await buttons.count();
    for (let i = 0; i < n; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/api/admin/') && new URL(r.url()).searchParams.has('sort'));
      await buttons.nth(i).click();
      const answer = await answered;
      expect(answer.status(), `${tab.title}: ${answer.url()}`).toBe(200);
      await expect(page.getByRole('table')).toBeVisible();
    }
  }
});
