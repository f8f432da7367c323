// Dates for people: with the month's name ("Nov 22, 2026"), so
// that 03/04 is never misread, and today's date for the date fields.

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const utcDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** showDay writes a YYYY-MM-DD date as it is, or a timestamp in local time;
 * anything else is kept as it came, and nothing is "". */
export function showDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return utcDayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : dayFormat.format(d);
}

/** todayISO is today's date where the browser is, as YYYY-MM-DD. */
export function todayISO(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
