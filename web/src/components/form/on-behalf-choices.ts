// The answers a helper chooses from in the "on behalf of an elder" part,
// each with the catalogue key of its label: the form's questions ask them,
// and My Account's "Sent for others" names them.
import { t } from '@/i18n';

export const CONSENT_METHODS = [
  { value: 'spoken', key: 'onBehalf.method.spoken' },
  { value: 'thumbprint', key: 'onBehalf.method.thumbprint' },
  { value: 'signed', key: 'onBehalf.method.signed' },
  { value: 'guardian', key: 'onBehalf.method.guardian' },
] as const;

export const NOTICE_LANGUAGES = [
  { value: 'en', key: 'onBehalf.language.en' },
  { value: 'hi', key: 'onBehalf.language.hi' },
  { value: 'bn', key: 'onBehalf.language.bn' },
] as const;

/** labelled gives choices their labels in the current language. */
export function labelled(choices: readonly { value: string; key: string }[]): { value: string; label: string }[] {
  return choices.map((c) => ({ value: c.value, label: t(c.key) }));
}

