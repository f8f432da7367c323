// The staff's calls: owners, notes, replies, bulk changes and what is new
// on each tab. A status or owner change itself is the shared edit
// (updateEntry) with the record's version.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AdminRecord, type TabField, type TabInfo } from './admin';

export interface StaffMember {
  _id: string;
  fullName: string;
  email: string;
  /** roles held, in the server's order (see ROLES). */
  roles?: string[];
  __v?: number;
}

/** ROLES are the staff roles an admin can give, in the Staff view's order. */
export const ROLES = ['admin', 'coordinator', 'accountant', 'editor', 'trustee'] as const;

/** setStaffRoles gives a person exactly roles; v is the version the admin saw. */
export function setStaffRoles(id: string, roles: string[], v: number): Promise<StaffMember> {
  return api<StaffMember>(`/admin/staff/${encodeURIComponent(id)}/roles`, { method: 'PUT', body: { roles, __v: v } });
}

export interface Note {
  _id: string;
  author: string;
  body: string;
  createdAt: string;
}

export interface Reply {
  _id: string;
  mailId: string;
  author: string;
  to: string;
  subject: string;
  body: string;
  /** pending, sent or failed: the outbox row's state. */
  mailStatus: string;
  createdAt: string;
}

/** The longest note the server accepts. */
export const NOTE_MAX = 2000;

/** The key of the owner field. */
export const ASSIGNEE = 'assigneeId';

/** statusField is the staff's status of a tab (followUp for disciples), if it has one. */
export function statusField(tab: TabInfo): TabField | undefined {
  return tab.fields.find((f) => f.key === 'followUp') ?? tab.fields.find((f) => f.key === 'status' && f.editable && f.format === 'option');
}

/** staffed: the tab's records have an owner, notes and replies. */
export function staffed(tab: TabInfo): boolean {
  return tab.fields.some((f) => f.key === ASSIGNEE);
}

const rec = (tab: string, id: string) => `/admin/${tab}/${encodeURIComponent(id)}`;

export function fetchStaff(): Promise<StaffMember[]> {
  return api<StaffMember[]>('/admin/staff');
}

export function fetchNotes(tab: string, id: string): Promise<Note[]> {
  return api<Note[]>(`${rec(tab, id)}/notes`);
}

export function addNote(tab: string, id: string, body: string): Promise<Note> {
  return api<Note>(`${rec(tab, id)}/notes`, { method: 'POST', body: { body } });
}

export function fetchReplies(tab: string, id: string): Promise<Reply[]> {
  return api<Reply[]>(`${rec(tab, id)}/replies`);
}

export function sendReply(tab: string, id: string, subject: string, body: string): Promise<{ reply: Reply; record: AdminRecord }> {
  return api(`${rec(tab, id)}/replies`, { method: 'POST', body: { subject, body } });
}

export interface BulkChange {
  ids: string[];
  status?: string;
  assigneeId?: string;
}

export function bulkUpdate(tab: string, change: BulkChange): Promise<{ updated: number }> {
  return api(`/admin/${tab}/bulk`, { method: 'POST', body: change });
}

export function fetchNewCounts(): Promise<Record<string, number>> {
  return api<Record<string, number>>('/admin/new-counts');
}

export function markSeen(tab: string): Promise<unknown> {
  return api(`/admin/${tab}/seen`, { method: 'POST' });
}

const STAFF = ['admin', 'staff'] as const;

/** useStaff reads everyone holding a role: the people a record may be
 * given to, and the Staff view's list (no data if refused). */
export function useStaff() {
  return useQuery({ queryKey: STAFF, queryFn: () => fetchStaff() });
}

/** useStaffSaved keeps a person's roles as saved, in every list of staff. */
export function useStaffSaved() {
  const client = useQueryClient();
  return (saved: StaffMember) => client.setQueryData<StaffMember[]>(STAFF, (list) => (list ?? []).map((x) => (x._id === saved._id ? saved : x)));
}

const COUNTS = ['admin', 'new-counts'] as const;

/** useNewCounts reads how many records are new on each tab since this
 * admin last looked; seen(tab) marks a tab looked at, and its count goes
 * unless keepCount (the first tab, looked at as the page opens, keeps its
 * count in view). */
export function useNewCounts() {
  const client = useQueryClient();
  const res = useQuery({ queryKey: COUNTS, queryFn: () => fetchNewCounts().catch(() => ({})) as Promise<Record<string, number>> });
  const seen = (tab: string, keepCount = false) => {
    if (!res.data?.[tab]) return;
    markSeen(tab).catch(() => undefined);
    if (!keepCount) client.setQueryData<Record<string, number>>(COUNTS, (c) => ({ ...c, [tab]: 0 }));
  };
  return { counts: res.data ?? {}, loaded: res.isSuccess, seen };
}
