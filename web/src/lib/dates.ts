// Dates as people read them: the month by its name ("Nov 22, 2026",
// "22 नव॰ 2026"), so that 03/04 is never read as the wrong day or month, in
// the language being shown.
import { dateFormat } from '@/i18n/format';
import { locales } from '@/i18n';

const dayFormat = () => dateFormat(locales().date, true);
const localDay = () => dateFormat(locales().date);
const whenFormats = new Map<string, Intl.DateTimeFormat>();
function localWhen(): Intl.DateTimeFormat {
  const loc = locales().date;
  let f = whenFormats.get(loc);
  if (!f) whenFormats.set(loc, (f = new Intl.DateTimeFormat(loc, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })));
  return f;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** isRealDate reports a YYYY-MM-DD value that names a real calendar day. */
export function isRealDate(v: string): boolean {
  const m = DAY_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** formatDay shows a calendar day (YYYY-MM-DD) or a moment (RFC 3339) as
 * "Nov 22, 2026"; a moment is shown on this computer's calendar. Anything
 * else is returned as it is, and nothing as "-". */
export function formatDay(v: string | null | undefined): string {
  if (!v) return '-';
  const m = DAY_RE.exec(v);
  if (m) return isRealDate(v) ? dayFormat().format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))) : v;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : localDay().format(d);
}

/** formatWhen shows a moment with its time: "Nov 22, 2026, 4:05 PM". */
export function formatWhen(v: string | number | Date): string {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? '-' : localWhen().format(d);
}

/** showDay is formatDay for places that show nothing rather than "-". */
export function showDay(value: string | null | undefined): string {
  return value ? formatDay(value) : '';
}

/** todayISO is today's date where the browser is, as YYYY-MM-DD. */
export function todayISO(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
