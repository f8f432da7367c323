// What the Site content forms share: how a refused save is told (a 409 as
// "changed by someone else", field errors counted and the first one
// focused) and how long a toast stays.
import { ApiError, messageOf } from '@/lib/api';
import { t } from '@/i18n';
import type { SiteField } from '../../api/site-admin';
import { firstErrorId } from './form-helpers';

export const TOAST = { position: 'top-center', duration: 2000 } as const;
export const conflictText = () => t('admin.content.conflict');

/** refusal turns a refused save into the form's message and field errors. */
export function refusal(err: unknown, fallback: string): { message: string; errors: Record<string, string>; conflict: boolean } {
  if (err instanceof ApiError && err.status === 409) return { message: conflictText(), errors: {}, conflict: true };
  const errors = err instanceof ApiError ? err.errors : {};
  const n = Object.keys(errors).length;
  const message = messageOf(err, n > 0 ? t('admin.content.correctFields') : fallback);
  return { message: n > 0 && !/field/i.test(message) ? `${message} (${t('admin.content.fieldsMarked', { n })})` : message, errors, conflict: false };
}

export function focusFirstError(prefix: string, errors: Record<string, string>, fields: SiteField[]) {
  const id = firstErrorId(prefix, errors, fields.map((f) => f.key));
  if (id) setTimeout(() => document.getElementById(id)?.focus(), 0);
}
