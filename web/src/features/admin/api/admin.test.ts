import { afterEach, describe, expect, it, vi } from 'vitest';
import { columnsOf, fetchList, totalText } from './admin';

afterEach(() => vi.restoreAllMocks());

function answer(rows: unknown[], total: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (total !== null) headers['X-Total-Count'] = total;
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(rows), { status: 200, headers }));
}

describe('fetchList', () => {
  it('asks the server to search, sort and page the mail tab like every other tab', async () => {
    const spy = answer([{ _id: 'a', to: 'x@example.org' }], '42');
    const res = await fetchList('mail', { q: '50%', page: 3, pageSize: 10, sort: '-createdAt' });
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/mail');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '50%', page: '3', pageSize: '10', sort: '-createdAt' });
    expect(res).toEqual({ rows: [{ _id: 'a', to: 'x@example.org' }], total: 42 });
  });

  it('asks for the whole list without paging parameters (Full List)', async () => {
    const spy = answer([], '0');
    await fetchList('mail', { q: '', page: 1, pageSize: 0 });
    expect(String(spy.mock.calls[0][0])).toBe('/api/admin/mail');
  });

  it('reads a capped total and the next page\'s cursor, and sends the cursor back', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('[{"_id":"a"}]', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '10000', 'X-Total-Capped': 'true', 'X-Next-Cursor': 'abc' },
      }),
    );
    const res = await fetchList('volunteers', { q: '', page: 2, pageSize: 1, after: 'xyz' });
    expect(new URL(String(spy.mock.calls[0][0]), 'http://localhost').searchParams.get('after')).toBe('xyz');
    expect(res).toEqual({ rows: [{ _id: 'a' }], total: 10000, capped: true, next: 'abc' });
    expect(totalText(res)).toBe('10,000+');
    expect(totalText({ total: 12 })).toBe('12');
  });

  it('counts the rows when the server sent no total', async () => {
    answer([{ _id: 'a' }, { _id: 'b' }], null);
    const res = await fetchList('users', { q: '', page: 1, pageSize: 5 });
    expect(res).toEqual({ rows: [{ _id: 'a' }, { _id: 'b' }], total: 2 });
  });
});

describe('columnsOf', () => {
  it('puts the columns the tab names first, in its order, then the rest of the shown ones in theirs', () => {
    const f = (key: string, shown = true) =>
      ({ key, label: key, kind: 'text', required: false, long: false, editable: false, searchable: false, sortable: false, shown, exported: true }) as const;
    const tab = { keyFields: ['paidOn', 'donorName', 'amount'], fields: [f('donorName'), f('email'), f('amount'), f('secret', false), f('paidOn'), f('_id')] };
    expect(columnsOf(tab).map((c) => c.key)).toEqual(['paidOn', 'donorName', 'amount', 'email', '_id']);
    expect(columnsOf({ fields: tab.fields }).map((c) => c.key)).toEqual(['donorName', 'email', 'amount', 'paidOn', '_id']);
  });
});
