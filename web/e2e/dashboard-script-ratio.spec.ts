// The dashboard in Hindi and Bengali, as a coordinator who reads only one
// of them meets it on a fresh install, on a 375 px phone: the share of the
// letters of its <main> written in the chosen script, on each list and
// each view. What may stay in Latin letters is names (the admin's own,
// SPDC, PAN, UPI, 80G), e-mail addresses and the values stored as they
// were typed. Every view is clean for axe. Each view's counts are written
// to the test's output.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, logIn, storeSession, test, waitForMail, type Session } from './fixtures';
import { scriptShare, startFresh, type FreshServer } from './fresh-server';

let server: FreshServer | undefined;
let admin: Session;
let recordId = '';

/** elderRecord registers an elder whose temple president is a trusted
 * referrer (so the approval accepts them at once) and returns the id of
 * their care record; names are written in Devanagari, as a Hindi form
 * would have them. */
async function elderRecord(request: APIRequestContext): Promise<string> {
  const base = server!.base;
  const post = async (path: string, data: unknown, auth = false) => {
    const headers: Record<string, string> = auth ? { Authorization: `Bearer ${admin.token}` } : {};
    const res = await request.post(`${base}${path}`, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  };
  const tp = 'adhyaksh@temple.example';
  await post('/api/admin/referrers', { name: 'नित्यानंद दास', position: 'मंदिर अध्यक्ष', temple: 'पुरी', email: tp, phone: '' }, true);
  await post('/api/disciples/register', {
    fullName: 'माधवी दासी', dateOfBirth: '1944-03-04', address: 'पुरी', contactNumber: '+919876543212',
    discipleEmail: 'madhavi@example.org', templePresidentEmail: tp, initiationDate: '1971-02-03', initiationName: 'माधवी देवी दासी',
  });
  const token = decodeURIComponent(await waitForMail(tp, /Reg\?token=([^\s"&<]+)/, 15_000, server!.mailDir));
  await post('/api/approval/approve', {
    token, referrerName: 'नित्यानंद दास', referrerPosition: 'मंदिर अध्यक्ष', referrerContact: '+919876543213', referrerEmail: tp,
    referrerSignature: 'नित्यानंद दास', referrerSignedOn: '2024-01-01', applicantSignature: 'माधवी दासी', applicantSignedOn: '2024-01-01',
  });
  let records: { _id: string }[] = [];
  await expect
    .poll(async () => {
      const care = await request.get(`${base}/api/admin/care`, { headers: { Authorization: `Bearer ${admin.token}` } });
      records = (await care.json()) as { _id: string }[];
      return records.length;
    }, { message: 'the approved elder has a care record', timeout: 15_000 })
    .toBeGreaterThan(0);
  return records[0]._id;
}

test.beforeAll(async ({ playwright }) => {
  server = await startFresh();
  server.createAdmin('sevak@example.org', 'Sevak', 'a long admin passphrase 1');
  const request = await playwright.request.newContext();
  admin = await logIn(request, 'sevak@example.org', 'a long admin passphrase 1', server.base);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 375, height: 800 } });
test.setTimeout(180_000);

// The lists of the records view, and the dashboard's other views.
const views = [
  '/admin?tab=users',
  '/admin?tab=volunteers',
  '/admin?tab=disciples',
  '/admin?tab=hosts',
  '/admin?tab=donations',
  '/admin?tab=grievances',
  '/admin?tab=mail',
  '/admin?tab=audit',
  '/admin?view=breaches',
  '/admin?view=assisted',
  '/admin?view=staff',
  '/admin?view=access',
  '/admin?view=content',
  '/admin?tab=care',
  '/admin?tab=partners',
  '/admin/reports',
  '/admin/partners',
];

// What a view shows while its data is on the way ("लोड हो रहा है…"): the
// share is read once it has gone.
const loading = (lang: string) => {
  const c = JSON.parse(readFileSync(new URL(`../src/i18n/messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  return [...new Set([c['admin.loading'], c['care.loading']])];
};

// The least share of the chosen script on a view.
const least = 0.9;

for (const lang of ['hi', 'bn'] as const) {
  test(`the dashboard is written in ${lang === 'hi' ? 'Hindi' : 'Bengali'}`, async ({ page, request }) => {
    const base = server!.base;
    await storeSession(page, admin, `${base}/?lang=${lang}`);
    const low: string[] = [];
    const axe: string[] = [];
    // The lists and views as a fresh install has them, then an elder's
    // care record (the elder is registered after the lists are read).
    for (const view of [...views, 'care record']) {
      if (view === 'care record' && !recordId) recordId = await elderRecord(request);
      await page.goto(`${base}${view === 'care record' ? `/admin/care/${recordId}` : view}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const words of loading(lang)) await expect(page.locator('main')).not.toContainText(words);
      const text = await page.locator("main").innerText();
      const { own, latin, share } = scriptShare(text, lang);
      console.log(`dashboard-script-ratio ${lang} ${view} ${own} ${latin} ${share.toFixed(3)}`);
      test.info().annotations.push({ type: 'script-ratio', description: `${lang} ${view}: ${own} in script, ${latin} Latin (${(share * 100).toFixed(1)}%)` });
      if (own === 0 || share < least) low.push(`${view}: ${own} letters in script, ${latin} Latin`);
      try {
        await expectNoAxeViolations(page);
      } catch (err) {
        axe.push(`${view}: ${(err as Error).message}`);
      }
    }
    expect(low, `views below ${least * 100}% in ${lang}`).toEqual([]);
    expect(axe, `axe on the views in ${lang}`).toEqual([]);
  });
}
