// The dashboard's list: which tab, search, filters and page are shown
// (kept in the address, so a reload keeps them and a link to a filtered
// list can be shared), the page size and sort, and the server's page of
// rows for them. Pages are read through TanStack Query: its cache keeps
// every page visited, and the page before a page holds where that page
// starts (its cursor), so a page deep in a long list is as quick as the
// first and nothing keeps a map of cursors by hand.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { fetchList, needsTwoStep, type ListResult, type TabInfo } from './admin';
import { placeParams, readPlace, type DashboardPlace } from '../components/dashboard-url';

/** The page sizes offered; 0 (the full list) is offered besides them. */
export const PAGE_SIZES = [5, 10, 50, 100, 200] as const;

/** The shortest search the dashboard sends: the search index finds nothing
 * shorter, and reading every row of a long list for it would be slow. */
export const MIN_SEARCH = 3;

/** ListQuery is everything that picks one page of one list. */
export interface ListQuery {
  tab: string;
  q: string;
  page: number;
  pageSize: number;
  sort: string;
  filters: Record<string, string>;
}

/** listKeys are the cache's names for the lists: all of them, one tab's
 * pages, and one page. */
export const listKeys = {
  all: ['admin', 'list'] as const,
  tab: (tab: string) => ['admin', 'list', tab] as const,
  page: (l: ListQuery) => ['admin', 'list', l.tab, { q: l.q, pageSize: l.pageSize, sort: l.sort, filters: l.filters }, l.page] as const,
};

/** cursorOf is where page l.page starts: the cursor the page before it
 * ended with, when that page is in the cache. */
export function cursorOf(client: QueryClient, l: ListQuery): string | undefined {
  if (l.page <= 1 || l.pageSize <= 0) return undefined;
  return client.getQueryData<ListResult>(listKeys.page({ ...l, page: l.page - 1 }))?.next;
}

const EMPTY: ListResult = { rows: [], total: 0 };

/** The address's keys the list owns; the rest (a view) stays as it is. */
const ownKey = (k: string) => k === 'tab' || k === 'q' || k === 'page' || k.startsWith('f.');

/** useAdminList holds the list's place and reads its page. */
export function useAdminList(tabs: TabInfo[]) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const names = useMemo(() => tabs.map((x) => x.name), [tabs]);
  const firstTab = names[0];
  const place = useMemo(() => readPlace(params, names), [params, names]);
  const [search, setSearch] = useState(place.q);
  const [pageSize, setPageSizeRaw] = useState(5);
  const [sort, setSortRaw] = useState('');

  // One write of the address per change (replacing the entry, so Back
  // leaves the dashboard): the tab, search, filters and page move together.
  const move = useCallback(
    (patch: Partial<DashboardPlace>) => {
      setParams(
        (prev) => {
          const next = placeParams({ ...readPlace(prev, names), ...patch }, firstTab);
          for (const [k, v] of prev) if (!ownKey(k)) next.set(k, v);
          return next.toString() === prev.toString() ? prev : next;
        },
        { replace: true },
      );
    },
    [setParams, names, firstTab],
  );

  // The search applies 300 ms after typing stops, from page 1, once it
  // has MIN_SEARCH characters.
  const typed = [...search.trim()].length;
  const tooShort = typed > 0 && typed < MIN_SEARCH;
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = search.trim();
      const n = [...next].length;
      if (n > 0 && n < MIN_SEARCH) return;
      if (next !== place.q) move({ q: next, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, place.q, move]);

  const query: ListQuery = { tab: place.tab, q: place.q, page: place.page, pageSize, sort, filters: place.filters };
  const res = useQuery({
    queryKey: listKeys.page(query),
    queryFn: ({ signal }) => fetchList(query.tab, { ...query, after: cursorOf(client, query), signal }),
    // The rows of the page before stay while the next loads, within a
    // tab; another tab starts empty.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === query.tab ? prev : undefined),
  });

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: listKeys.tab(place.tab) }), [client, place.tab]);

  return {
    tab: place.tab,
    q: place.q,
    page: place.page,
    filters: place.filters,
    search,
    setSearch,
    tooShort,
    pageSize,
    sort,
    list: res.data ?? EMPTY,
    /** The list reads Loading… until the answer to the current query arrives. */
    loading: res.isFetching || res.isPlaceholderData,
    failed: res.isError && !res.isFetching,
    denied: res.error instanceof ApiError && res.error.status === 403,
    /** The refusal is for two-step sign-in not set up, not for the role. */
    twoStep: needsTwoStep(res.error),
    refresh,
    setPage: (page: number) => move({ page }),
    setPageSize: (n: number) => {
      setPageSizeRaw(n);
      move({ page: 1 });
    },
    setSort: (s: string) => {
      setSortRaw(s);
      move({ page: 1 });
    },
    setFilters: (filters: Record<string, string>) => move({ filters, page: 1 }),
    /** chooseTab opens another tab at its start: page 1, no filter, no sort. */
    chooseTab: (tab: string) => {
      setSortRaw('');
      move({ tab, page: 1, filters: {} });
    },
  };
}

/** AdminList is what useAdminList gives the dashboard. */
export type AdminList = ReturnType<typeof useAdminList>;
