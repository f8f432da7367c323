// The Site content area drawn from definitions like the server's, with
// the server's answers played back by a stand-in fetch (the real server
// is exercised by e2e/content.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    render(<ContentArea />);
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
    render(<ContentArea />);
    await screen.findByLabelText(/Organisation name/);
    expect(screen.queryByRole('heading', { name: 'Setup checklist' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/changed by someone else/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
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
    render(<ContentArea />);
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
