// The list hook: its place comes from the address and goes back to it,
// and a page after the first starts where the page before it ended, read
// from the query cache rather than from a map kept by hand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { newQueryClient } from '@/lib/query-client';
import { cursorOf, listKeys, useAdminList } from './use-admin-list';
import type { TabInfo } from './admin';

afterEach(() => vi.restoreAllMocks());

const tab = (name: string): TabInfo => ({ name, title: name, editable: true, deletable: true, keyFields: ['fullName'], fields: [] });
const tabs = [tab('users'), tab('volunteers')];

/** answer serves each list call a page of one row, total 12, and a cursor named after the page. */
function answer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const page = url.searchParams.get('page') ?? '1';
    return new Response(JSON.stringify([{ _id: `row-${page}`, fullName: `Row ${page}` }]), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '12', 'X-Next-Cursor': `after-page-${page}` },
    });
  });
}

function setup(at: string) {
  const client = newQueryClient();
  let location = '';
  function Where() {
    const l = useLocation();
    location = l.search;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Where />
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useAdminList(tabs), { wrapper });
  return { client, hook, where: () => location };
}

describe('useAdminList', () => {
  it('opens the tab, page and filters the address names, and reads that page', async () => {
    const spy = answer();
    const { hook } = setup('/admin?tab=volunteers&page=2&f.status=new');
    await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(1));
    expect(hook.result.current.tab).toBe('volunteers');
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/volunteers');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', pageSize: '5', status: 'new' });
  });

  it('asks for the next page after the cursor the page before ended with, and writes the page to the address', async () => {
    const spy = answer();
    const { hook, client, where } = setup('/admin');
    await waitFor(() => expect(hook.result.current.list.rows[0]?._id).toBe('row-1'));
    act(() => hook.result.current.setPage(2));
    await waitFor(() => expect(hook.result.current.list.rows[0]?._id).toBe('row-2'));
    expect(where()).toBe('?page=2');
    const second = new URL(String(spy.mock.calls[1][0]), 'http://localhost');
    expect(second.searchParams.get('after')).toBe('after-page-1');
    const q = { tab: 'users', q: '', page: 3, pageSize: 5, sort: '', filters: {} };
    expect(cursorOf(client, q)).toBe('after-page-2');
    expect(client.getQueryData(listKeys.page({ ...q, page: 1 }))).toBeDefined();
  });

  it('opens another tab at its start and keeps it in the address', async () => {
    answer();
    const { hook, where } = setup('/admin?page=3&f.status=new');
    await waitFor(() => expect(hook.result.current.list.rows).toHaveLength(1));
    act(() => hook.result.current.chooseTab('volunteers'));
    await waitFor(() => expect(hook.result.current.tab).toBe('volunteers'));
    expect(where()).toBe('?tab=volunteers');
    expect(hook.result.current.page).toBe(1);
    expect(hook.result.current.filters).toEqual({});
  });
});
