// The dashboard's tabs, read through TanStack Query (the admins and the
// counts of new records are read in staff.ts, the lists in
// use-admin-list.ts), with the cache of lib/query-client.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTabs } from './admin';

/** tabsQuery reads the tabs, their columns and their rules in lang. They
 * are read once each time the dashboard opens (its cache opens with it)
 * and again in another language: the dashboard asks for them while its
 * own messages load, so they are not asked for a second time when the
 * records view mounts. */
export function tabsQuery(lang: string) {
  return queryOptions({ queryKey: ['admin', 'tabs', lang], queryFn: fetchTabs, staleTime: Infinity });
}

/** useTabs reads the tabs, asked again in another language when the
 * admin chooses one. */
export function useTabs(lang: string) {
  return useQuery(tabsQuery(lang));
}
