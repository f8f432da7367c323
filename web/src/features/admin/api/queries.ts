// The dashboard's cache and its tabs, read through TanStack Query (the
// admins and the counts of new records are read in staff.ts, the lists in
// use-admin-list.ts). The query library is part of the
// admin chunk only: the dashboard makes its own client, so the public
// pages never load it.
import { QueryClient, useQuery } from '@tanstack/react-query';
import { fetchTabs } from './admin';

/** newQueryClient is the dashboard's cache: a failed read is shown at
 * once rather than tried again, and nothing reloads on window focus, so a
 * form half filled in a dialog never sees its list change beneath it. */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** useTabs reads the tabs, their columns and their rules, asked again in
 * another language when the admin chooses one. */
export function useTabs(lang: string) {
  return useQuery({ queryKey: ['admin', 'tabs', lang], queryFn: fetchTabs });
}
