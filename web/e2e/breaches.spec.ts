// A personal data breach end to end: an admin records one on the
// dashboard's Breaches view (a record missing its parts is refused, field
// by field), ticks the 72-hour report to the Data Protection Board, and
// sends the notice to two pasted addresses, each of which gets its email;
// axe on the view with the form, the record and the sent notice.
import { expect } from '@playwright/test';
import { test, expectNoAxeViolations, waitForMail, adminSession, storeSession } from './fixtures';

const stamp = Date.now().toString(36);
const adminEmail = `breach-admin-${stamp}@example.org`;
const adminPassword = 'a long breach passphrase';
const affected = [`host-a-${stamp}@example.org`, `host-b-${stamp}@example.org`];

/** A datetime-local value hours before now, in the browser's zone. */
function hoursAgo(h: number): string {
  const d = new Date(Date.now() - h * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

test('an admin records a breach, ticks the report to the Board and sends the notice', async ({ page, request }) => {
  test.setTimeout(180_000);
  await storeSession(page, await adminSession(request, adminEmail, 'Breach Officer', adminPassword));

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Breaches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Breaches' })).toBeVisible();
  await page.getByRole('button', { name: 'Record a breach' }).click();

  // Nothing written: each required part says so, and nothing is saved.
  await page.getByRole('button', { name: 'Record the breach' }).click();
  await expect(page.getByText('is required').first()).toBeVisible();
  await expect(page.getByLabel('What happened', { exact: true })).toHaveAccessibleDescription('is required');
  await expect(page.getByLabel('When we found it')).toHaveAccessibleDescription('is required');
  await expectNoAxeViolations(page);

  await page.getByLabel('When it happened').fill(hoursAgo(30));
  await page.getByLabel('When we found it').fill(hoursAgo(2));
  await page.getByLabel('What happened', { exact: true }).fill(`A volunteer's laptop with the hosts' list was stolen (${stamp}).`);
  await page.getByLabel('Which personal data it touches').fill('Names, addresses and phone numbers of hosts.');
  await page.getByLabel('Whom it affects').fill('The hosts in that list, about 40 people.');
  await page.getByLabel('What it may mean for them').fill('Someone may call them pretending to be us.');
  await page.getByLabel('What we have done').fill('We reported the theft to the police and changed every password.');
  await page.getByLabel('What they can do').fill('Do not give money or details to anyone who calls in our name.');
  await page.getByLabel('Whom they can contact').fill('Our grievance officer, privacy@spdc.example.org');
  await page.getByRole('button', { name: 'Record the breach' }).click();
  const card = page.getByRole('article').filter({ hasText: stamp });
  await expect(card.getByRole('heading', { name: /^Breach found / })).toBeVisible();

  // The report to the Board: due 72 hours after finding it, ticked with who.
  const board = card.getByLabel('Report to the Data Protection Board within 72 hours');
  await expect(card.getByText(/Due by /)).toBeVisible();
  await board.click();
  await expect(card.getByText(`Ticked by ${adminEmail} on`)).toBeVisible();
  await expect(board).toBeChecked();

  // The notice: a bad address is refused, then two go out.
  const list = card.getByLabel('Addresses of the affected people');
  await list.fill(`${affected[0]}\nnot an address`);
  await card.getByRole('button', { name: 'Send the notice' }).click();
  await card.getByRole('button', { name: 'Yes, send the notice' }).click();
  await expect(card.getByText(/these are not email addresses: not/)).toBeVisible();
  await list.fill(`${affected[0]}, ${affected[1]}`);
  await card.getByRole('button', { name: 'Send the notice' }).click();
  await card.getByRole('button', { name: 'Yes, send the notice' }).click();
  await expect(card.getByText(/Sent on .* to the listed addresses: 2 emails/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send the notice' })).toHaveCount(0);
  await expect(card.getByLabel('Tell each affected person')).toBeChecked();
  await expectNoAxeViolations(page);

  for (const to of affected) {
    const body = await waitForMail(to, /What you can do[\s\S]*?Do not give money[^\r\n]*/);
    expect(body).toContain('anyone who calls in our name');
  }
});
