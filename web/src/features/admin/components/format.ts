// How the dashboard shows values: text over 25 characters
// cut to 12 plus an ellipsis, booleans as Yes/No, date-like fields as
// dates with the month's name, lists joined, the referrer object as its four parts.
import { locales, t } from '@/i18n';
import { isRealDate } from '@/lib/dates';

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

/** formatCount shows a whole number with the language's grouping (1,00,000). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(locales().number).format(n);
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const formats = new Map<string, Intl.DateTimeFormat>();

/** dateFormat is the Intl format of the language being shown, made once. */
function dateFormat(kind: 'day' | 'local' | 'when'): Intl.DateTimeFormat {
  const locale = locales().date;
  const key = `${locale} ${kind}`;
  let f = formats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
    if (kind === 'day') opts.timeZone = 'UTC';
    if (kind === 'when') Object.assign(opts, { hour: 'numeric', minute: '2-digit' });
    f = new Intl.DateTimeFormat(locale, opts);
    formats.set(key, f);
  }
  return f;
}

/** formatDate shows a date or timestamp with the month's name in the
 * language being shown ("Nov 22, 2026", "22 नव॰ 2026"), never as 11/22
 * that reads two ways; other text is kept. */
export function formatDate(value: string): string {
  if (!value) return value;
  const m = DAY_RE.exec(value);
  if (m) return isRealDate(value) ? dateFormat('day').format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))) : value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dateFormat('local').format(d);
}

/** formatWhen shows a moment with its time ("Nov 22, 2026, 4:05 PM"). */
export function formatWhen(v: string | number | Date): string {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? '-' : dateFormat('when').format(d);
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
  if (typeof v === 'boolean') return v ? t('admin.yes') : t('admin.no');
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (isReferrer(key, v)) return [v.name, v.position, v.contact, v.email].filter(Boolean).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  return isDateKey(key) ? formatDate(s) : s;
}
