// Date rules shared by the disciple forms.

/** Srila Prabhupada gave initiation between these days (inclusive). */
export const FIRST_INITIATION = '1966-01-01';
export const LAST_INITIATION = '1977-11-14';

/** isRealDate reports a YYYY-MM-DD value that names a real calendar day. */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** today is the local date as YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** formatDate shows a YYYY-MM-DD value as an en-US date. */
export function formatDate(v: string): string {
  if (!isRealDate(v)) return v || '-';
  const [y, m, d] = v.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
