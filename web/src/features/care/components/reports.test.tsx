import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../testing/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { clearSession, setSession } from '@/lib/session';
import type { Report } from '../api/care-api';
import { formatDay } from '@/lib/dates';
import { monthsOf } from './report-charts';
import { ReportsPage, yearsUpTo } from './reports-page';

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

const report: Report = {
  fy: '2026-27',
  from: '2026-04-01',
  to: '2027-03-31',
  elders: { served: 12, new: 5 },
  needs: [
    { service: 'healthcare', open: 3, met: 4 },
    { service: 'financial', open: 1, met: 0 },
  ],
  contactsOverdue: 2,
  overdueAsOf: '2026-11-27',
  helpByMonth: [
    { month: '2026-05', purpose: 'Health', paidPaise: 1_000_00, inKindPaise: 300_00, count: 3 },
    { month: '2027-01', purpose: 'General', paidPaise: 50_00, count: 1 },
  ],
  purposes: [
    { purpose: 'Health', receivedPaise: 5_000_00, paidPaise: 1_000_00 },
    { purpose: 'General', receivedPaise: 0, paidPaise: 50_00 },
  ],
  published: false,
};

const trustee = { _id: 't1', fullName: 'Trustee', email: 't@example.org', isAdmin: false, roles: ['trustee'], permissions: ['staff', 'reports.read', 'funds.read'] };
const admin = { _id: 'a1', fullName: 'Admin', email: 'a@example.org', isAdmin: true, roles: ['admin'], permissions: ['staff', 'reports.read', 'settings.write'] };

function serve(extra: Record<string, () => Response> = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const h = extra[`${method} ${url}`];
    if (h) return h();
    if (url.startsWith('/api/admin/reports?fy=')) {
      // The server counts contacts overdue only in the current year's report.
      const fy = new URL(url, 'http://x').searchParams.get('fy');
      return json(fy === report.fy ? report : { ...report, fy, contactsOverdue: 0, overdueAsOf: '' });
    }
    return json({ message: 'Not found.' }, 404);
  });
  return calls;
}

/** showReports renders the reports page. */
function showReports() {
  render(
    <MemoryRouter>
      <ReportsPage />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

describe('the reports page', () => {
  it('offers this financial year first, then the four before it', () => {
    expect(yearsUpTo('2026-11-27')).toEqual(['2026-27', '2025-26', '2024-25', '2023-24', '2022-23']);
    expect(yearsUpTo('2027-03-31')[0]).toBe('2026-27');
    expect(yearsUpTo('2027-04-01')[0]).toBe('2027-28');
    expect(monthsOf('2026-27')).toEqual(['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03']);
  });

  it('draws each chart with a table of the same figures for screen readers, and no publish button for a trustee', async () => {
    setSession('tok', trustee);
    serve();
    showReports();
    expect(await screen.findByRole('table', { name: 'Elders served and new this year' })).toHaveTextContent('12');
    const needs = screen.getByRole('table', { name: 'Needs open and met, by service' });
    expect(within(needs).getByRole('row', { name: 'Health care 3 4' })).toBeInTheDocument();
    expect(within(needs).getByRole('row', { name: 'Financial help 1 0' })).toBeInTheDocument();
    const months = screen.getByRole('table', { name: 'Help given by month and purpose' });
    // Money paid and help in kind both count as help given; the funds in
    // the order of the donation purposes.
    expect(within(months).getByRole('row', { name: /^May 2026 ₹0 ₹1,300$/ })).toBeInTheDocument();
    expect(within(months).getByRole('row', { name: /^Jan 2027 ₹50 ₹0$/ })).toBeInTheDocument();
    const purposes = screen.getByRole('table', { name: 'Gifts received and help given, by purpose' });
    expect(within(purposes).getByRole('row', { name: 'Health ₹5,000 ₹1,000' })).toBeInTheDocument();
    // Every chart's picture is hidden from screen readers: the table says it.
    for (const svg of screen.getAllByTestId('chart')) expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByTestId('chart')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
  });

  it('reads another year when one is chosen, and lets an admin publish it after confirming', async () => {
    setSession('tok', admin);
    const calls = serve({ 'POST /api/admin/reports/2025-26/publish': () => json({ fy: '2025-26' }) });
    showReports();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Elders served and new this year' });
    await user.selectOptions(screen.getByLabelText('Financial year'), '2025-26');
    await user.click(await screen.findByRole('button', { name: 'Publish 2025-26 on the accounts page' }));
    expect(calls.some((c) => c.includes('/publish'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, publish' }));
    expect(await screen.findByText('The figures of 2025-26 are published.')).toBeInTheDocument();
    expect(calls).toContain('GET /api/admin/reports?fy=2025-26');
    expect(calls).toContain('POST /api/admin/reports/2025-26/publish');
  });

  it('counts contacts overdue on the day it says in the current year, and says why a past year has no count', async () => {
    setSession('tok', trustee);
    serve();
    showReports();
    expect(await screen.findByText(/contacts overdue on/)).toHaveTextContent(`2 contacts overdue on ${formatDay(report.overdueAsOf)}`);
    await userEvent.setup().selectOptions(screen.getByLabelText('Financial year'), '2025-26');
    expect(await screen.findByText(/^Contacts overdue are counted only in the current year's report/)).toBeInTheDocument();
    expect(screen.queryByText(/contacts overdue on/)).not.toBeInTheDocument();
  });

  it('says so when the roles do not allow reports', async () => {
    setSession('tok', { ...trustee, permissions: ['staff'] });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Forbidden.' }, 403));
    showReports();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });
});
