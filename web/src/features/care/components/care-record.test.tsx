import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../testing/messages';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setSession, clearSession } from '@/lib/session';
import type { CareRecord } from '../api/care-api';
import { CareRecordPage } from './care-record';

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

const coordinator = { _id: 'u-coord', fullName: 'Radha Coordinator', email: 'c@example.org', isAdmin: false, roles: ['coordinator'], permissions: ['staff', 'care.read', 'care.write', 'funds.read'] };
const accountant = { _id: 'u-acc', fullName: 'Gopal Accountant', email: 'a@example.org', isAdmin: false, roles: ['accountant'], permissions: ['staff', 'payments.approve', 'funds.read'] };

function record(over: Partial<CareRecord> = {}): CareRecord {
  return {
    _id: 'r1',
    fullName: 'Madhavi Dasi',
    initiatedName: 'Madhavi Devi Dasi',
    phone: '9876543210',
    ownerId: 'u-coord',
    ownerName: 'Radha Coordinator',
    status: 'active',
    nextContactDue: '2026-12-01',
    __v: 3,
    assessments: [
      { _id: 'a1', assessedOn: '2026-10-01', assessedByName: 'Radha Coordinator', health: 'Knee pain', mobility: '', living: '', income: '', family: '', spiritual: '', risks: '', needs: [{ service: 'healthcare', priority: 'high' }, { service: 'financial', priority: 'normal' }] },
    ],
    needs: [
      { service: 'healthcare', priority: 'high', status: 'met' },
      { service: 'financial', priority: 'normal', status: 'open' },
    ],
    actions: [],
    contacts: [],
    payments: [],
    ...over,
  };
}

/** serve answers the page's calls from a table of handlers, keeping each call. */
function serve(handlers: Record<string, (body: unknown, url: string) => Response | Promise<Response>>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const path = url.replace(/\?.*$/, '');
    const h = handlers[`${method} ${path}`];
    if (h) return h(body, url);
    if (path === '/api/admin/staff') return json([coordinator, { _id: 'u-other', fullName: 'Other Coordinator' }]);
    if (path === '/api/admin/funds') return json({ funds: [{ purpose: 'Health', receivedPaise: 10_000_00, paidPaise: 2_000_00, awaitingPaise: 0, balancePaise: 8_000_00 }] });
    if (path === '/api/admin/partners') return json([]);
    if (path === '/api/admin/hosts') return json([]);
    return json({ message: 'Not found.' }, 404);
  });
  return calls;
}

function show() {
  return render(
    <MemoryRouter initialEntries={['/admin/care/r1']}>
      <Routes>
        <Route path="/admin/care/:id" element={<CareRecordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  setSession('tok', coordinator);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

describe('the care record page', () => {
  it("shows the elder, the coordinator and the latest assessment's needs, open and met", async () => {
    serve({ 'GET /api/admin/care/r1': () => json(record()) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Madhavi Dasi' })).toBeInTheDocument();
    const needs = screen.getByRole('table', { name: 'Needs' });
    expect(within(needs).getByRole('row', { name: /Health care High Met/ })).toBeInTheDocument();
    expect(within(needs).getByRole('row', { name: /Financial help Normal Open/ })).toBeInTheDocument();
    expect(screen.getByText('From the assessment of Oct 1, 2026 by Radha Coordinator.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /Funds/ })).toHaveTextContent('₹8,000');
  });

  it('on a stale version shows both versions and saves over the new one only when asked', async () => {
    const saved = record({ ownerId: 'u-other', ownerName: 'Other Coordinator', status: 'paused', __v: 4 });
    let puts = 0;
    const calls = serve({
      'GET /api/admin/care/r1': () => json(puts === 0 ? record() : saved),
      'PUT /api/admin/care/r1': (body) => {
        puts++;
        const b = body as { __v: number };
        if (b.__v === 3) return json({ message: 'This record was changed by someone else. Reload it and try again.' }, 409);
        return json({ ...saved, ...(body as object), __v: 5 });
      },
    });
    show();
    const user = userEvent.setup();
    const header = await screen.findByRole('form', { name: 'The elder and their coordinator' });
    const next = within(header).getByLabelText('Next contact due');
    await user.clear(next);
    await user.type(next, '2026-12-05');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const panel = await screen.findByRole('table', { name: 'Your version and the saved version' });
    expect(within(panel).getByRole('row', { name: /Coordinator Radha Coordinator Other Coordinator/ })).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /Status Active Paused/ })).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /Next contact due Dec 5, 2026 Dec 1, 2026/ })).toBeInTheDocument();
    // What was typed is still in the form.
    expect(within(header).getByLabelText('Next contact due')).toHaveValue('2026-12-05');
    await user.click(screen.getByRole('button', { name: 'Save mine over it' }));
    await screen.findByText('Saved.');
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.map((c) => (c.body as { __v: number }).__v)).toEqual([3, 4]);
    expect(put[1].body).toMatchObject({ ownerId: 'u-coord', status: 'active', nextContactDue: '2026-12-05' });
  });

  it("shows the server's message beside the field it refused, keeping what was typed", async () => {
    serve({
      'GET /api/admin/care/r1': () => json(record()),
      'POST /api/admin/care/r1/contacts': () => json({ message: 'Please correct the fields shown.', errors: { summary: 'Please keep the summary under 2000 characters.' } }, 400),
    });
    show();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Madhavi Dasi' });
    const form = screen.getByRole('form', { name: 'Log a call or visit' });
    await user.selectOptions(within(form).getByLabelText(/^Kind/), 'visit');
    await user.type(within(form).getByLabelText(/^Summary/), 'Visited at home; knee better.');
    await user.click(within(form).getByRole('button', { name: 'Log the contact' }));
    const field = within(form).getByLabelText(/^Summary/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Please keep the summary under 2000 characters.').length).toBeGreaterThan(0);
    expect(field).toHaveValue('Visited at home; knee better.');
  });

  it('plans an action with a volunteer chosen from the suggestions, best first', async () => {
    const calls = serve({
      'GET /api/admin/care/r1': () => json(record()),
      'GET /api/admin/care/r1/matches': () =>
        json({
          volunteers: [
            { _id: 'v2', fullName: 'Best Match', nearestCentre: 'Mayapur', score: 9, reasons: ['same_centre', 'language'] },
            { _id: 'v1', fullName: 'Second Match', nearestCentre: 'Kolkata', score: 4, reasons: ['available'] },
          ],
        }),
      'POST /api/admin/care/r1/actions': (body) => json({ _id: 'x1', __v: 1, ...(body as object) }, 201),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an action' }));
    const form = screen.getByRole('form', { name: 'New action' });
    await user.selectOptions(within(form).getByLabelText(/^Service/), 'healthcare');
    await within(form).findByText('Best Match');
    const items = within(form).getAllByRole('listitem');
    const names = items.map((li) => li.textContent ?? '').filter((s) => s.includes('Match'));
    expect(names[0]).toContain('Best Match');
    expect(names[0]).toContain('same centre, speaks the same language');
    expect(names[1]).toContain('Second Match');
    await user.click(screen.getByRole('button', { name: 'Choose Best Match' }));
    expect(screen.getByText('Chosen: Best Match')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Action/), 'Take her to the eye clinic');
    await user.selectOptions(within(form).getByLabelText(/^Responsible/), 'u-coord');
    await user.type(within(form).getByLabelText(/^Target date/), '2026-12-10');
    await user.click(within(form).getByRole('button', { name: 'Save the action' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/actions'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/actions'));
    expect(post?.body).toEqual({ service: 'healthcare', action: 'Take her to the eye clinic', responsibleId: 'u-coord', targetDate: '2026-12-10', status: 'planned', volunteerId: 'v2' });
    expect(calls.find((c) => c.url.includes('/matches'))?.url).toContain('service=healthcare');
  });

  it('records help in paise and says when it waits for a second approval', async () => {
    const calls = serve({
      'GET /api/admin/care/r1': () => json(record()),
      'POST /api/admin/care/r1/payments': (body) => json({ _id: 'p1', status: 'awaiting_approval', __v: 1, ...(body as object) }, 201),
    });
    show();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Madhavi Dasi' });
    const form = screen.getByRole('form', { name: 'Record help given' });
    await user.type(within(form).getByLabelText(/^Amount/), '2,500.50');
    await user.selectOptions(within(form).getByLabelText(/^Fund/), 'Health');
    await user.selectOptions(within(form).getByLabelText(/^Service/), 'healthcare');
    await user.selectOptions(within(form).getByLabelText(/^Mode/), 'upi');
    await user.type(within(form).getByLabelText(/^Paid to/), 'City Eye Hospital');
    expect(within(form).getByText('Balance of this fund: ₹8,000.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record the help' }));
    expect(await screen.findByText('₹2,500.50 is recorded and waits for a second person’s approval.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/payments'));
    expect(post?.body).toMatchObject({ kind: 'money', amountPaise: 250050, purpose: 'Health', service: 'healthcare', mode: 'upi', payee: 'City Eye Hospital' });
    expect(post?.body).not.toHaveProperty('overdrawReason');
  });

  it('lets a second person approve, never the one who recorded it, and cancels only with a reason', async () => {
    setSession('tok', accountant);
    const pay = (id: string, createdBy: string) => ({ _id: id, kind: 'money', amountPaise: 6_000_00, purpose: 'Health', service: 'healthcare', paidOn: '2026-11-20', mode: 'upi', reference: 'UTR1', payee: `Payee ${id}`, description: '', status: 'awaiting_approval' as const, createdBy, __v: 1 });
    const calls = serve({
      'GET /api/admin/care/r1': () => json(record({ payments: [pay('p1', 'u-coord'), pay('p2', 'u-acc')] })),
      'POST /api/admin/payments/p1/approve': () => json({ ...pay('p1', 'u-coord'), status: 'approved' }),
      'POST /api/admin/payments/p2/cancel': (body) => json({ ...pay('p2', 'u-acc'), status: 'cancelled', cancelReason: (body as { reason: string }).reason }),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve ₹6,000 to Payee p1' }));
    expect(screen.queryByRole('button', { name: 'Approve ₹6,000 to Payee p2' })).not.toBeInTheDocument();
    expect(screen.getByText('Another person must approve it.')).toBeInTheDocument();
    await screen.findByText('₹6,000 is approved.');
    await user.click(screen.getByRole('button', { name: 'Cancel ₹6,000 to Payee p2' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the payment' }));
    expect(screen.getByLabelText(/^Reason for cancelling/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    await user.type(screen.getByLabelText(/^Reason for cancelling/), 'Paid twice by mistake');
    await user.click(screen.getByRole('button', { name: 'Cancel the payment' }));
    await screen.findByText('₹6,000 is cancelled; it stays in the accounts with its reason.');
    expect(calls.find((c) => c.url.endsWith('/cancel'))?.body).toEqual({ reason: 'Paid twice by mistake' });
    // An accountant reads the record but cannot change the plan or log contacts.
    expect(screen.queryByRole('button', { name: 'Add an action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log the contact' })).not.toBeInTheDocument();
  });

  it('saves an assessment with the needs chosen, in the order of the services, and shows a date the server refuses', async () => {
    let posts = 0;
    const calls = serve({
      'GET /api/admin/care/r1': () => json(record()),
      'POST /api/admin/care/r1/assessments': (body) => {
        posts++;
        if (posts === 1) return json({ message: 'Please correct the fields shown.', errors: { assessedOn: 'The date of an assessment cannot be before the elder registered.' } }, 400);
        return json({ _id: 'a2', ...(body as object) }, 201);
      },
    });
    show();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New assessment' });
    const date = within(form).getByLabelText(/^Date of the assessment/);
    await user.clear(date);
    await user.type(date, '2026-11-02');
    await user.type(within(form).getByLabelText('Living situation'), 'Alone, second floor, no lift.');
    await user.selectOptions(within(form).getByLabelText('Relocation'), 'urgent');
    await user.selectOptions(within(form).getByLabelText('Health care'), 'high');
    await user.click(within(form).getByRole('button', { name: 'Save the assessment' }));
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getAllByText('The date of an assessment cannot be before the elder registered.').length).toBeGreaterThan(0);
    expect(within(form).getByLabelText('Living situation')).toHaveValue('Alone, second floor, no lift.');
    await user.clear(date);
    await user.type(date, '2026-11-03');
    await user.click(within(form).getByRole('button', { name: 'Save the assessment' }));
    await screen.findByText('The assessment of Nov 3, 2026 is saved.');
    const sent = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/assessments')).map((c) => c.body);
    expect(sent[1]).toEqual({
      assessedOn: '2026-11-03',
      health: '',
      mobility: '',
      living: 'Alone, second floor, no lift.',
      income: '',
      family: '',
      spiritual: '',
      risks: '',
      needs: [
        { service: 'healthcare', priority: 'high' },
        { service: 'relocation', priority: 'urgent' },
      ],
    });
    expect(within(form).getByLabelText('Living situation')).toHaveValue('');
  });

  it("shows both versions of an action another coordinator changed, and can take theirs", async () => {
    const mine = { _id: 'x1', service: 'healthcare', action: 'Eye check-up', responsibleId: 'u-coord', responsibleName: 'Radha Coordinator', targetDate: '2026-12-01', status: 'planned', __v: 2 };
    const theirs = { ...mine, status: 'in_progress', targetDate: '2026-12-08', __v: 3 };
    let reads = 0;
    const calls = serve({
      'GET /api/admin/care/r1': () => json(record({ actions: [reads++ === 0 ? mine : theirs] })),
      'GET /api/admin/care/r1/matches': () => json({ volunteers: [] }),
      'PUT /api/admin/care/r1/actions/x1': () => json({ message: 'This record was changed by someone else. Reload it and try again.', current: theirs, sentVersion: 2 }, 409),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the action Eye check-up' }));
    const form = screen.getByRole('form', { name: 'Change the action' });
    await user.selectOptions(within(form).getByLabelText(/^Status/), 'done');
    await user.click(within(form).getByRole('button', { name: 'Save the action' }));
    const panel = await within(form).findByRole('table', { name: 'Your version and the saved version' });
    expect(within(panel).getByRole('row', { name: 'Status Done In progress' })).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: 'Target date Dec 1, 2026 Dec 8, 2026' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save the action' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Take the saved version' }));
    expect(within(form).getByLabelText(/^Status/)).toHaveValue('in_progress');
    expect(within(form).getByLabelText(/^Target date/)).toHaveValue('2026-12-08');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('says so when the roles do not allow the record', async () => {
    serve({ 'GET /api/admin/care/r1': () => json({ message: 'Forbidden.' }, 403) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });
});
