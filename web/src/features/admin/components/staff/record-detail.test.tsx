import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TabInfo } from '../../api/admin';
import RecordDetail from './record-detail';
import { OwnQueries } from '@/lib/query-client';

beforeAll(() => {
  // jsdom's dialog may lack the modal methods the page uses.
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  }
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const tab: TabInfo = {
  name: 'messages',
  title: 'Messages',
  editable: true,
  deletable: true,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true, long: false, editable: false, searchable: true, sortable: true, shown: true, exported: true },
    { key: 'email', label: 'Email', kind: 'text', required: true, long: false, editable: false, searchable: true, sortable: true, shown: true, exported: true },
    {
      key: 'status',
      label: 'Status',
      kind: 'text',
      required: false,
      format: 'option',
      options: ['new', 'answered', 'closed'],
      long: false,
      editable: true,
      searchable: false,
      sortable: true,
      shown: true,
      exported: true,
    },
    { key: 'assigneeId', label: 'Owner ID', kind: 'text', required: false, long: false, editable: true, searchable: false, sortable: false, shown: false, exported: true },
  ],
};

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

describe('the detail view of a submission', () => {
  it('adds a note on top, and a reply moves a new message to answered', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url.endsWith('/notes') && method === 'GET') return json([{ _id: 'n1', author: 'a@example.org', body: 'Older note', createdAt: '2026-11-20T09:00:00Z' }]);
      if (url.endsWith('/notes')) return json({ _id: 'n2', author: 'a@example.org', body: JSON.parse(String(init?.body)).body, createdAt: '2026-11-21T09:00:00Z' }, 201);
      if (url.endsWith('/replies') && method === 'GET') return json([]);
      if (url.endsWith('/replies')) {
        return json(
          {
            reply: { _id: 'r1', mailId: 'm1', author: 'a@example.org', to: 'gopal@example.org', subject: 'A reply', body: 'Hello', mailStatus: 'pending', createdAt: '2026-11-21T10:00:00Z' },
            record: { _id: 'rec1', name: 'Gopal', email: 'gopal@example.org', status: 'answered', assigneeId: '', __v: 1 },
          },
          201,
        );
      }
      return json({ message: 'unexpected' }, 500);
    });
    const changed = vi.fn();
    render(
      <RecordDetail
        tab={tab}
        record={{ _id: 'rec1', name: 'Gopal', email: 'gopal@example.org', status: 'new', assigneeId: '', __v: 0 }}
        staff={[{ _id: 'u1', fullName: 'Radha', email: 'a@example.org' }]}
        onClose={() => {}}
        onChanged={changed}
      />,
      { wrapper: OwnQueries },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Older note')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New note'), 'Called on Tuesday');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Called on Tuesday');
    expect(items[1]).toHaveTextContent('Older note');

    // An empty reply is refused before any call.
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Please write the reply.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST') && c.endsWith('/replies'))).toHaveLength(0);

    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('list', { name: 'Replies, newest first' })).toHaveTextContent('mail pending');
    expect(screen.getByLabelText('Status')).toHaveValue('answered');
    expect(changed).toHaveBeenCalled();
  });
});
