// The questions of the "on behalf of an elder" part, shown once a signed-in
// helper ticks its box: how the elder consented, in which language the
// notice was given, and who witnessed it. on-behalf.tsx keeps the answers
// and loads this file when a helper is signed in.
import { useT } from '@/i18n';
import type { SessionUser } from '@/lib/session';
import { TextInput } from './form-kit';
import { RadioGroup, type Choice } from './radio-group';
import type { OnBehalfState } from './on-behalf';

/** OnBehalfFieldsProps are the part's answers and where changes go. */
export interface OnBehalfFieldsProps {
  /** id is the part's id: its controls' ids start with it. */
  id: string;
  helper: Pick<SessionUser, 'email' | 'mobile'>;
  values: OnBehalfState;
  methods: readonly Choice[];
  languages: readonly Choice[];
  onChange: (next: Partial<OnBehalfState>) => void;
}

export default function OnBehalfFields({ id, helper, values: s, methods, languages, onChange: set }: OnBehalfFieldsProps) {
  const t = useT();
  return (
    <fieldset className="form-group">
      <legend>{t('onBehalf.legend')}</legend>
      <p className="form-hint">
        {t('onBehalf.readNotice', { email: helper.email })}
      </p>
      <p className="form-hint" id={`${id}-stand-in`}>
        {t('onBehalf.standIn', { contact: [helper.mobile, helper.email].filter(Boolean).join(', ') })}
      </p>
      <RadioGroup id={`${id}-method`} name={`${id}-method`} required legend={t('onBehalf.methodLegend')} options={methods} value={s.consentMethod} error={s.errors.consentMethod} onChange={(v) => set({ consentMethod: v })} />
      <RadioGroup id={`${id}-language`} name={`${id}-language`} required legend={t('onBehalf.languageLegend')} options={languages} value={s.noticeLanguage} error={s.errors.noticeLanguage} onChange={(v) => set({ noticeLanguage: v })} />
      <TextInput id={`${id}-witness`} label={t('onBehalf.witnessName')} required value={s.witnessName} error={s.errors.witnessName} hint={t('onBehalf.witnessHint')} onChange={(e) => set({ witnessName: e.target.value })} />
      <TextInput id={`${id}-witness-contact`} label={t('onBehalf.witnessContact')} required value={s.witnessContact} error={s.errors.witnessContact} onChange={(e) => set({ witnessContact: e.target.value })} />
    </fieldset>
  );
}
