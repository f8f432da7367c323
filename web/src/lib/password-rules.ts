// The password rules the server applies, checked in the browser before a
// form is sent (a courtesy: the server decides). The list of common
// passwords stays on the server, to keep the forms' code small; its answer
// is shown under the field like any other.
import { t } from '@/i18n';

export const MIN_PASSWORD = 10;
export const MIN_ADMIN_PASSWORD = 12;
export const MAX_PASSWORD = 1024;

/** passwordRule is the rule in words, for a password field's hint. */
export const passwordRule = () => t('password.rule');

/** passwordProblem returns what is wrong with a new password, or ''. */
export function passwordProblem(v: string, admin = false): string {
  const min = admin ? MIN_ADMIN_PASSWORD : MIN_PASSWORD;
  const n = [...v].length;
  if (!v) return t('password.required');
  // Blank as the server counts it: its white space (Go's unicode.IsSpace)
  // includes U+0085 and leaves out U+FEFF, unlike String.trim.
  if (/^[\t\n\v\f\r\u0085\p{Z}]*$/u.test(v)) return t('password.spaces');
  if (n < min) return t(admin ? 'password.tooShortAdmin' : 'password.tooShort', { min });
  if (n > MAX_PASSWORD) return t('form.atMost', { n: MAX_PASSWORD });
  return '';
}
