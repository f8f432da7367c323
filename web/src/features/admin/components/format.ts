// How the dashboard shows values: text over 25 characters
// cut to 12 plus an ellipsis, booleans as Yes/No, date-like fields as
// dates with the month's name, lists joined, the referrer object as its four parts.
import { formatDay } from '@/lib/dates';

export const TRUNCATE_OVER = 25;
export const TRUNCATE_TO = 12;

/** truncate cuts text longer than 25 characters to 12 and an ellipsis. */
export function truncate(text: string): string {
  const chars = Array.from(text);
  return chars.length > TRUNCATE_OVER ? chars.slice(0, TRUNCATE_TO).join('') + '…' : text;
}

/** isDateKey tells the fields shown as dates. */
export function isDateKey(key: string): boolean {
  return /date|dob|At$|signedOn/i.test(key);
}

/** formatDate shows a date or timestamp with the month's name ("Nov 22,
 * 2026"), never as 11/22 that reads two ways; other text is kept. */
export function formatDate(value: string): string {
  return value ? formatDay(value) : value;
}

export interface Referrer {
  name?: string;
  position?: string;
  contact?: string;
  email?: string;
}

export function isReferrer(key: string, v: unknown): v is Referrer {
  return key === 'referrer' && typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** textOf is the plain text of a value (lists joined, objects as JSON). */
export function textOf(key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (isReferrer(key, v)) return [v.name, v.position, v.contact, v.email].filter(Boolean).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  return isDateKey(key) ? formatDate(s) : s;
}
