// Fetchers for the admin dashboard. Lists are paged, searched
// and sorted by the server; the total comes in X-Total-Count.
import { apiRequest as request, ApiError, type RequestOptions } from '@/lib/api';
import { getToken } from '@/lib/session';
import { noteSignedOut } from '@/lib/signed-out';
import { getLang } from '@/i18n';

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

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

export type AdminValue = string | number | boolean | null | string[] | AdminRecord;
export interface AdminRecord {
  [key: string]: AdminValue | unknown;
}

/** One field of a tab, as GET /api/admin/tabs describes it. */
export interface TabField {
  key: string;
  /** The column heading, the same words as the CSV header. */
  label: string;
  kind: 'text' | 'bool' | 'list' | 'time' | 'timePtr' | 'int' | 'json';
  required: boolean;
  maxLength?: number;
  format?: 'name' | 'email' | 'phone' | 'date' | 'option';
  options?: string[];
  /** The words for each choice in the admin's language; the values stay as stored. */
  optionLabels?: Record<string, string>;
  long: boolean;
  editable: boolean;
  searchable: boolean;
  sortable: boolean;
  shown: boolean;
  exported: boolean;
}

/** One tab of the dashboard: `name` is the server's list name. */
export interface TabInfo {
  name: string;
  title: string;
  editable: boolean;
  deletable: boolean;
  /** The keys of the columns the tab's work needs, in order: first at
   * every width, and the only ones on a phone's card of a row (null
   * when a list declares none). */
  keyFields?: string[] | null;
  fields: TabField[];
}

/** columnsOf is a tab's shown columns, those its work needs first (in the
 * order the server names them), then the rest in their own order. */
export function columnsOf(tab: Pick<TabInfo, 'fields' | 'keyFields'>): TabField[] {
  const shown = tab.fields.filter((f) => f.shown);
  const keys = tab.keyFields ?? [];
  const first = keys.map((k) => shown.find((f) => f.key === k)).filter((f): f is TabField => f !== undefined);
  return [...first, ...shown.filter((f) => !keys.includes(f.key))];
}

export type TabId = string;

/** fetchTabs asks the server for the tabs, their columns and their rules. */
export function fetchTabs(): Promise<TabInfo[]> {
  return api<TabInfo[]>('/admin/tabs');
}

/** valueAt reads a field of a record; "group.key" reaches into a nested object. */
export function valueAt(r: AdminRecord, key: string): unknown {
  const dot = key.indexOf('.');
  if (dot < 0) return r[key];
  const group = r[key.slice(0, dot)];
  return group && typeof group === 'object' ? (group as Record<string, unknown>)[key.slice(dot + 1)] : undefined;
}

export interface ListParams {
  q: string;
  page: number;
  /** 0 = Full List (no paging parameters: the server answers everything). */
  pageSize: number;
  sort?: string;
  /** Exact values of the tab's filter fields (status, assigneeId). */
  filters?: Record<string, string>;
  /** The cursor the previous page ended with: the server starts right after it, however deep the page. */
  after?: string;
  signal?: AbortSignal;
}

export interface ListResult {
  rows: AdminRecord[];
  /** X-Total-Count: every list is searched, sorted and paged by the server. */
  total: number;
  /** X-Total-Capped: the server stopped counting at total, and there are more. */
  capped?: boolean;
  /** X-Next-Cursor: where the next page starts, when this page is full. */
  next?: string;
}

/** totalText is a list's total as the page shows it: "10,000+" when the server stopped counting. */
export function totalText(r: Pick<ListResult, 'total' | 'capped'>): string {
  return r.capped ? `${r.total.toLocaleString('en-US')}+` : String(r.total);
}

export async function fetchList(tab: TabId, p: ListParams): Promise<ListResult> {
  const qs = new URLSearchParams();
  if (p.q) qs.set('q', p.q);
  if (p.pageSize > 0) {
    qs.set('page', String(p.page));
    qs.set('pageSize', String(p.pageSize));
  }
  if (p.sort) qs.set('sort', p.sort);
  for (const [k, v] of Object.entries(p.filters ?? {})) if (v) qs.set(k, v);
  if (p.after && p.pageSize > 0) qs.set('after', p.after);
  const query = qs.toString();
  const res = await apiRequest<AdminRecord[]>(`/admin/${tab}${query ? '?' + query : ''}`, { signal: p.signal });
  const rows = Array.isArray(res.data) ? res.data : [];
  const header = res.headers.get('X-Total-Count');
  const out: ListResult = { rows, total: header === null ? rows.length : Number(header) };
  if (res.headers.get('X-Total-Capped') === 'true') out.capped = true;
  const next = res.headers.get('X-Next-Cursor');
  if (next) out.next = next;
  return out;
}

export function recordId(r: AdminRecord): string {
  return String(r._id ?? r.id ?? '');
}

export function updateEntry(tab: TabId, record: AdminRecord): Promise<AdminRecord> {
  const body: AdminRecord = { ...record };
  delete body.password;
  return api<AdminRecord>(`/admin/${tab}/${encodeURIComponent(recordId(record))}`, { method: 'PUT', body });
}

export function deleteEntry(tab: TabId, id: string): Promise<{ message: string }> {
  return api(`/admin/${tab}/${encodeURIComponent(id)}`, { method: 'DELETE' });
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

/** addReferrer adds a directory entry; confirmSimilar says the admin knows
 * another entry has the same name and this is a different person. */
export function addReferrer(payload: ReferrerPayload, confirmSimilar = false): Promise<AdminRecord> {
  return api('/admin/referrers', { method: 'POST', body: confirmSimilar ? { ...payload, confirmSimilar } : payload });
}

/** The admin's two decisions on a held confirmation besides accepting it:
 * whether to trust the referrer (add them to the directory, with their
 * temple), and that a lookalike name is a different person. */
export interface AcceptChoices {
  temple: string;
  trustReferrer: boolean;
  confirmSimilar: boolean;
}

/** acceptReview approves a held confirmation; its referrer joins the directory only when trusted. */
export function acceptReview(id: string, version: number, choices: AcceptChoices): Promise<{ message?: string }> {
  return api(`/admin/pending-disciples/${encodeURIComponent(id)}/accept`, { method: 'POST', body: { __v: version, ...choices } });
}

/** rejectReview closes a held confirmation with the admin's reason. */
export function rejectReview(id: string, version: number, reason: string): Promise<{ message?: string }> {
  return api(`/admin/pending-disciples/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { __v: version, reason } });
}

export function retryMail(id: string): Promise<{ message?: string }> {
  return api(`/admin/mail/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

/** downloadCsv saves the server's export of the whole filtered list
 * (extra: the filters, or ids: just the rows picked). */
export async function downloadCsv(tab: TabId, q: string, extra: Record<string, string> = {}): Promise<void> {
  const token = getToken();
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  const qs = params.size ? `?${params.toString()}` : '';
  const res = await fetch(`/api/admin/${tab}/export.csv${qs}`, {
    // A refusal comes back in the language being shown.
    headers: token ? { Authorization: `Bearer ${token}`, 'Accept-Language': getLang() } : { 'Accept-Language': getLang() },
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

/** needsTwoStep reports the server's refusal of an admin or accountant
 * who has not set up two-step sign-in while their role needs it. */
export function needsTwoStep(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === 'two_step_required';
}
