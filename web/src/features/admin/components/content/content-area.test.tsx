// The Site content area drawn from definitions like the server's, with
// the server's answers played back by a stand-in fetch (the real server
// is exercised by e2e/content.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { OwnQueries, newQueryClient } from '@/lib/query-client';
import ContentArea from './content-area';

const text = (key: string, label: string, extra: object = {}) => ({ key, label, kind: 'text', required: false, ...extra });
const defs = {
  settings: {
    fields: [
      text('orgName', 'Organisation name', { required: true }),
      { key: 'phones', label: 'Phone numbers', kind: 'objects', required: false, maxLength: 10, fields: [text('label', 'Label'), text('display', 'Shown as', { required: true }), text('dial', 'Number to dial', { format: 'dial', required: true })] },
      { key: 'map', label: 'Map position', kind: 'object', required: false, fields: [{ key: 'lat', label: 'Latitude', kind: 'number', required: false }] },
      { key: 'fcraInstructions', label: 'Instructions for donations from abroad', kind: 'text', required: false, long: true, markdown: true },
    ],
  },
  collections: [{ name: 'team', title: 'Team', fields: [text('name', 'Name', { required: true }), text('role', 'Role', { required: true })] }],
  checklist: [
    { key: 'phones', label: 'Phone numbers', done: false },
    { key: 'email', label: 'Email', done: true },
  ],
};

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ContentArea', () => {
  it('shows the checklist, draws the settings form and shows the server field errors', async () => {
    const puts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json(defs);
      if (url === '/api/admin/site/settings' && (!init || init.method === 'GET')) return json({ orgName: 'SPDC', phones: [], __v: 2 });
      if (url === '/api/admin/site/settings' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return json({ message: 'Please correct the marked fields.', fields: { 'phones.0.dial': 'Use + and digits only.' } }, 400);
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    expect(await screen.findByRole('heading', { name: 'Setup checklist' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 done.', { exact: false })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Organisation name/)).toHaveValue('SPDC');

    await user.click(screen.getByRole('button', { name: 'Add to phone numbers' }));
    const row = screen.getByRole('group', { name: 'Phone numbers 1' });
    await waitFor(() => expect(within(row).getByLabelText('Label')).toHaveFocus());
    await user.type(within(row).getByLabelText(/Shown as/), '+91 98765 43210');
    await user.type(within(row).getByLabelText(/Number to dial/), 'call');
    await user.type(screen.getByLabelText('Latitude'), '27.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const dial = within(row).getByLabelText(/Number to dial/);
    await waitFor(() => expect(dial).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Use + and digits only.')).toBeInTheDocument();
    await waitFor(() => expect(dial).toHaveFocus());
    expect(puts[0]).toEqual({
      orgName: 'SPDC',
      phones: [{ label: '', display: '+91 98765 43210', dial: 'call' }],
      map: { lat: 27.5 },
      fcraInstructions: '',
      __v: 2,
    });
  });

  it('tells a conflict and offers to reload', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json({ ...defs, checklist: [] });
      if (init?.method === 'PUT') return json({ message: 'stale' }, 409);
      return json({ orgName: 'SPDC', __v: 1 });
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    await screen.findByLabelText(/Organisation name/);
    expect(screen.queryByRole('heading', { name: 'Setup checklist' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('reads the settings again when Reload is chosen after a conflict', async () => {
    let orgName = 'SPDC';
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json({ ...defs, checklist: [] });
      if (init?.method === 'PUT') return json({ message: 'stale' }, 409);
      return json({ orgName, __v: orgName === 'SPDC' ? 1 : 2 });
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    await user.type(await screen.findByLabelText(/Organisation name/), ' Trust');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    orgName = 'SPDC Seva';
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText(/Organisation name/)).toHaveValue('SPDC Seva'));
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('keeps what the admin typed when the settings are read again', async () => {
    let reads = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      if (url === '/api/admin/site') return json({ ...defs, checklist: [] });
      if (url === '/api/admin/site/settings') {
        reads++;
        return json({ orgName: reads === 1 ? 'SPDC' : 'Changed elsewhere', __v: reads });
      }
      return json({});
    });
    const client = newQueryClient();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <ContentArea />
      </QueryClientProvider>,
    );
    await user.type(await screen.findByLabelText(/Organisation name/), ' Trust');
    // Read again, and the answer drawn (the cache tells the page on a timer).
    await act(async () => {
      await client.refetchQueries();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(reads).toBe(2);
    expect(screen.getByLabelText(/Organisation name/)).toHaveValue('SPDC Trust');
  });

  it('lists a collection and moves an item by keyboard, saving the new order', async () => {
    const orders: unknown[] = [];
    let items = [
      { _id: 'a', name: 'Asha', role: 'Lead', position: 0, published: true, __v: 1 },
      { _id: 'b', name: 'Bala', role: 'Help', position: 1, published: false, __v: 1 },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json(defs);
      if (url.startsWith('/api/admin/site/team/order')) {
        const ids = (JSON.parse(String(init?.body)) as { ids: string[] }).ids;
        orders.push(ids);
        items = ids.map((id, i) => ({ ...items.find((x) => x._id === id)!, position: i }));
        return json({});
      }
      if (url.startsWith('/api/admin/site/team')) return json({ items, media: {} });
      if (url.startsWith('/api/site')) return json({});
      return json({ orgName: 'SPDC', __v: 1 });
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    await user.click(await screen.findByRole('button', { name: 'Team' }));
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Asha up' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Bala up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(orders).toEqual([['b', 'a']]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Bala down' })).toHaveFocus());
    expect(screen.getByText('Bala moved to place 1 of 2.')).toBeInTheDocument();
  });
});
