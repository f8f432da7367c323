// The codes of two-step sign-in, checked as the server reads them: the
// 6 digits an authenticator app shows, or a recovery code of 12 letters
// and digits (spaces and dashes ignored, small letters accepted).
import { t } from '@/i18n';

/** codeProblem is what is wrong with a typed code, '' when nothing is. */
export function codeProblem(code: string, recovery: boolean): string {
  const c = code.replace(/[\s-]/g, '');
  if (!c) return recovery ? t('twoStep.recoveryRequired') : t('twoStep.codeRequired');
  if (recovery) return /^[A-HJ-NP-Za-hj-np-z2-9]{12}$/.test(c) ? '' : t('twoStep.recoveryFormat');
  return /^\d{6}$/.test(c) ? '' : t('twoStep.codeFormat');
}

/** looksLikeRecovery tells a recovery code from an app's code by its length. */
export function looksLikeRecovery(code: string): boolean {
  return code.replace(/[\s-]/g, '').length > 6;
}
