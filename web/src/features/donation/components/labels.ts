// Words for the values the donation API uses.
import { t } from '@/i18n';

/** modeName writes a payment mode for people ("Cheque", not "CHEQUE"). */
export function modeName(mode: string): string {
  return mode === 'CASH' ? t('gift.mode.cashShort') : mode === 'CHEQUE' ? t('gift.mode.CHEQUE') : mode;
}
