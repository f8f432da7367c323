// The admins' record of personal data breaches: list, record, edit, tick
// the checklist, and send the notice to the affected people once.
import { api } from './admin';

export interface BreachCheck {
  item: string;
  label: string;
  done: boolean;
  doneAt: string | null;
  doneBy: string | null;
  /** When the item is due (the report to the Board), else null. */
  dueAt: string | null;
}

export interface BreachNotice {
  sentAt: string;
  sentBy: string;
  audience: 'accounts' | 'addresses';
  count: number;
}

/** The parts an admin writes about a breach. */
export interface BreachText {
  occurredAt: string;
  foundAt: string;
  whatHappened: string;
  dataAffected: string;
  peopleAffected: string;
  consequences: string;
  measures: string;
  advice: string;
  contact: string;
}

export interface Breach extends BreachText {
  _id: string;
  boardReportDueAt: string;
  recordedBy: string;
  notice: BreachNotice | null;
  checklist: BreachCheck[];
  __v: number;
  createdAt: string;
}

export async function fetchBreaches(): Promise<Breach[]> {
  return (await api<{ breaches: Breach[] }>('/admin/breaches')).breaches;
}

export async function recordBreach(text: BreachText): Promise<Breach> {
  return (await api<{ breach: Breach }>('/admin/breaches', { method: 'POST', body: text })).breach;
}

export async function updateBreach(id: string, version: number, text: BreachText): Promise<Breach> {
  return (await api<{ breach: Breach }>(`/admin/breaches/${id}`, { method: 'PUT', body: { ...text, __v: version } })).breach;
}

export async function tickBreach(id: string, item: string, done: boolean): Promise<Breach> {
  return (await api<{ breach: Breach }>(`/admin/breaches/${id}/checklist/${item}`, { method: 'PUT', body: { done } })).breach;
}

export async function sendBreachNotice(id: string, audience: 'accounts' | 'addresses', addresses: string): Promise<{ message: string; breach: Breach }> {
  return api<{ message: string; breach: Breach }>(`/admin/breaches/${id}/notice`, { method: 'POST', body: { audience, addresses } });
}

/** toLocalInput writes an ISO time as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** fromLocalInput reads a datetime-local value (the browser's zone) as an ISO time; '' when empty or not a time. */
export function fromLocalInput(v: string): string {
  if (!v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
