// The register's forms are checked with the schemas generated from the
// server's definitions (required values, limits counted as the server
// counts them, shapes), so no limit is typed twice; then the days: a date
// given must be a real day, and a day that has happened (a visit, an
// assessment, a payment) cannot be after today.
import { checkFields } from '@/components/form/check-fields';
import type { FieldErrors } from '@/components/form/form-kit';
import { isRealDate, todayISO } from '@/lib/dates';
import { t } from '@/i18n';
import type { FormSchema } from '@/lib/schemas/types.gen';

/** checkCare checks values against a care form's schema; past names the
 * dates that cannot be after today. */
export function checkCare<S extends FormSchema>(schema: S, values: Partial<Record<keyof S, unknown>>, past: readonly (keyof S & string)[] = [], today = todayISO()): FieldErrors {
  const e = checkFields(schema, values);
  for (const [k, f] of Object.entries(schema)) {
    const v = values[k];
    if (f.format !== 'date' || e[k] || typeof v !== 'string' || !v) continue;
    if (!isRealDate(v)) e[k] = t('care.err.dateInvalid');
    else if (past.includes(k) && v > today) e[k] = t('care.err.dateFuture');
  }
  return e;
}
