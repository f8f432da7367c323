// Date rules shared by the disciple forms.

/** Srila Prabhupada gave initiation between these days (inclusive). */
export const FIRST_INITIATION = '1966-01-01';
export const LAST_INITIATION = '1977-11-14';

export { isRealDate } from '@/lib/dates';

/** today is the local date as YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** formatDate shows a YYYY-MM-DD value with the month's name ("Aug 31, 1972"). */
export { formatDay as formatDate } from '@/lib/dates';
