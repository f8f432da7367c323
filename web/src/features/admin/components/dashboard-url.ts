// The dashboard's place in its address: the tab, the search, the staff's
// filters and the page live in /admin?tab=…&q=…&page=…&f.status=…, so a
// reload keeps them and a link to a filtered list can be shared.

/** DashboardPlace is what the address holds. */
export interface DashboardPlace {
  tab: string;
  q: string;
  page: number;
  filters: Record<string, string>;
}

const FILTER = 'f.';

/** readPlace reads the address; a tab the admin does not have, a page that
 * is not a whole number from 1, or an empty value falls back to the start. */
export function readPlace(params: URLSearchParams, tabs: readonly string[]): DashboardPlace {
  const tab = params.get('tab') ?? '';
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  for (const [k, v] of params) {
    if (k.startsWith(FILTER) && k.length > FILTER.length && v) filters[k.slice(FILTER.length)] = v;
  }
  return {
    tab: tabs.includes(tab) ? tab : tabs[0],
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filters,
  };
}

/** placeParams writes the place into an address's query, leaving out what
 * is at its start (the first tab, no search, page 1, no filter). */
export function placeParams(p: DashboardPlace, firstTab: string): URLSearchParams {
  const out = new URLSearchParams();
  if (p.tab !== firstTab) out.set('tab', p.tab);
  if (p.q) out.set('q', p.q);
  if (p.page > 1) out.set('page', String(p.page));
  for (const [k, v] of Object.entries(p.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (v) out.set(FILTER + k, v);
  }
  return out;
}
