// The addresses of the care register's pages with their parameters filled
// in. Apart from paths.ts, which every page loads first: only the
// dashboard and the register's own pages need these.

/** careRecordPath is the page of one elder's care record. */
export function careRecordPath(id: string): string {
  return `/admin/care/${encodeURIComponent(id)}`;
}

/** accountsYearPath is the public page of one published financial year. */
export function accountsYearPath(fy: string): string {
  return `/accounts/${encodeURIComponent(fy)}`;
}
