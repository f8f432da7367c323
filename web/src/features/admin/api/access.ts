// The access log (admins only): every look by staff at personal data,
// newest first, all of it or that at one record.
import { apiRequest } from '@/lib/api';

export interface AccessEntry {
  _id: string;
  actorId: string;
  actorEmail: string;
  roles: string[];
  /** open, export, receipt or denied. */
  action: string;
  entity: string;
  /** The action and the kind of record in the reader's language. */
  actionLabel?: string;
  entityLabel?: string;
  entityId: string;
  route: string;
  createdAt: string;
}

/** fetchAccessLog reads one page of the log, with the number of lines. */
export async function fetchAccessLog(opts: { person?: string; page: number; pageSize: number }): Promise<{ rows: AccessEntry[]; total: number }> {
  const p = new URLSearchParams({ page: String(opts.page), pageSize: String(opts.pageSize) });
  if (opts.person) p.set('person', opts.person);
  const res = await apiRequest<AccessEntry[]>(`/admin/access-log?${p.toString()}`);
  return { rows: res.data, total: Number(res.headers.get('X-Total-Count') ?? res.data.length) };
}
