// Fetchers for the admin dashboard (issue 6). Lists are paged, searched
// and sorted by the server; the total comes in X-Total-Count.
import { apiRequest as request, ApiError, type RequestOptions } from '@/lib/api';
import { getToken } from '@/lib/session';
import { noteSignedOut } from '@/lib/signed-out';

// Every admin call goes through apiRequest below: when the server ends
// the admin's session (after 30 idle minutes, or a sign-out elsewhere),
// its message is kept for the sign-in page that the app moves to.
async function apiRequest<T>(path: string, opts: RequestOptions = {}) {
  try {
    return await request<T>(path, opts);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && err.message) noteSignedOut(err.message);
    throw err;
  }
}

async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

export type AdminValue = string | number | boolean | null | string[] | AdminRecord;
export interface AdminRecord {
  [key: string]: AdminValue | unknown;
}

/** The tabs of the page; `path` is the server's list name. */
export const TABS = [
  { id: 'users', label: 'Users', path: 'users' },
  { id: 'disciples', label: 'Disciples', path: 'disciples' },
  { id: 'pending', label: 'Pending', path: 'pending-disciples' },
  { id: 'volunteers', label: 'Volunteers', path: 'volunteers' },
  { id: 'hosts', label: 'Hosts', path: 'hosts' },
  { id: 'messages', label: 'Messages', path: 'messages' },
  { id: 'referrers', label: 'Referrers', path: 'referrers' },
  { id: 'mail', label: 'Mail', path: 'mail' },
  { id: 'audit', label: 'Audit', path: 'audit' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

export function tabPath(tab: TabId): string {
  return TABS.find((t) => t.id === tab)!.path;
}

/** Tabs an admin may edit (the server enforces the same list). */
export const EDITABLE_TABS: readonly TabId[] = ['users', 'disciples', 'volunteers', 'hosts', 'referrers'];
/** Tabs whose rows may be deleted. */
export const DELETABLE_TABS: readonly TabId[] = ['users', 'disciples', 'pending', 'volunteers', 'hosts', 'messages', 'referrers'];

/** The fields an edit may change, per tab; everything else is read-only. */
export const EDITABLE_FIELDS: Partial<Record<TabId, readonly string[]>> = {
  users: ['fullName', 'email', 'mobile', 'address'],
  disciples: ['fullName', 'dateOfBirth', 'address', 'contactNumber', 'discipleEmail', 'templePresidentEmail', 'initiationDate', 'initiationName'],
  volunteers: ['fullName', 'email', 'mobile', 'address', 'country', 'nearestCenter', 'availability', 'areasOfInterest', 'otherInterest', 'experience', 'motivation', 'skills'],
  referrers: ['name', 'position', 'temple', 'email', 'phone'],
  hosts: ['fullName', 'initiatedName', 'contactNumber', 'email', 'address', 'country', 'nearestCenter', 'accommodationTypes', 'accommodationOther', 'availabilityDurations', 'facilities', 'facilityOther', 'whyHost'],
};

export interface ListParams {
  q: string;
  page: number;
  /** 0 = Full List (no paging parameters: the server answers everything). */
  pageSize: number;
  sort?: string;
  signal?: AbortSignal;
}

export interface ListResult {
  rows: AdminRecord[];
  /** X-Total-Count: every list is searched, sorted and paged by the server. */
  total: number;
}

export async function fetchList(tab: TabId, p: ListParams): Promise<ListResult> {
  const qs = new URLSearchParams();
  if (p.q) qs.set('q', p.q);
  if (p.pageSize > 0) {
    qs.set('page', String(p.page));
    qs.set('pageSize', String(p.pageSize));
  }
  if (p.sort) qs.set('sort', p.sort);
  const query = qs.toString();
  const res = await apiRequest<AdminRecord[]>(`/admin/${tabPath(tab)}${query ? '?' + query : ''}`, { signal: p.signal });
  const rows = Array.isArray(res.data) ? res.data : [];
  const header = res.headers.get('X-Total-Count');
  return { rows, total: header === null ? rows.length : Number(header) };
}

export function recordId(r: AdminRecord): string {
  return String(r._id ?? r.id ?? '');
}

export function updateEntry(tab: TabId, record: AdminRecord): Promise<AdminRecord> {
  const body: AdminRecord = { ...record };
  delete body.password;
  return api<AdminRecord>(`/admin/${tabPath(tab)}/${encodeURIComponent(recordId(record))}`, { method: 'PUT', body });
}

export function deleteEntry(tab: TabId, id: string): Promise<{ message: string }> {
  return api(`/admin/${tabPath(tab)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function resendLink(id: string): Promise<{ message?: string }> {
  return api(`/admin/pending-disciples/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

/** The pending status of a confirmation that waits for an admin. */
export const NEEDS_REVIEW = 'confirmed — needs review';

export interface ReferrerPayload {
  name: string;
  position: string;
  temple: string;
  email: string;
  phone: string;
}

export function addReferrer(payload: ReferrerPayload): Promise<AdminRecord> {
  return api('/admin/referrers', { method: 'POST', body: payload });
}

/** acceptReview approves a held confirmation and adds its referrer to the directory. */
export function acceptReview(id: string, version: number, temple: string): Promise<{ message?: string }> {
  return api(`/admin/pending-disciples/${encodeURIComponent(id)}/accept`, { method: 'POST', body: { __v: version, temple } });
}

/** rejectReview closes a held confirmation with the admin's reason. */
export function rejectReview(id: string, version: number, reason: string): Promise<{ message?: string }> {
  return api(`/admin/pending-disciples/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { __v: version, reason } });
}

export function retryMail(id: string): Promise<{ message?: string }> {
  return api(`/admin/mail/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

/** downloadCsv saves the server's export of the whole filtered list. */
export async function downloadCsv(tab: TabId, q: string): Promise<void> {
  const token = getToken();
  const qs = q ? `?q=${encodeURIComponent(q)}` : '';
  const res = await fetch(`/api/admin/${tabPath(tab)}/export.csv${qs}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let msg = '';
    try {
      msg = ((await res.json()) as { message?: string }).message ?? '';
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, msg);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${tab}-data.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
