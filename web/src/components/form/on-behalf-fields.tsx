// A signed-in helper's "on behalf of an elder" part: the box to tick and,
// once ticked, the questions: how the elder consented, in which language
// the notice was given, and who witnessed it. on-behalf.tsx keeps the
// answers and loads this file when a helper is signed in.
import { useT } from '@/i18n';
import type { SessionUser } from '@/lib/session';
import { Checkbox, TextInput } from './form-kit';
import { RadioGroup } from './radio-group';
import { useOnBehalf, type AssistedForm } from './on-behalf-state';
import { CONSENT_METHODS, NOTICE_LANGUAGES, labelled } from './on-behalf-choices';

/** OnBehalfFieldsProps name the form and the helper sending it. */
export interface OnBehalfFieldsProps {
  form: AssistedForm;
  helper: Pick<SessionUser, 'email' | 'mobile'>;
}

export default function OnBehalfFields({ form, helper }: OnBehalfFieldsProps) {
  const t = useT();
  const [s, set] = useOnBehalf(form);
  // The part's controls' ids start with it.
  const id = `on-behalf-${form}`;
  return (
    <div className="on-behalf">
      <Checkbox id={`${id}-on`} label={t('onBehalf.checkbox')} checked={s.on} error={s.errors.on} onChange={(on) => set({ on })} />
      {s.on && (
        <fieldset className="form-group">
          <legend>{t('onBehalf.legend')}</legend>
          <p className="form-hint">{t('onBehalf.readNotice', { email: helper.email })}</p>
          <p className="form-hint" id={`${id}-stand-in`}>
            {t('onBehalf.standIn', { contact: [helper.mobile, helper.email].filter(Boolean).join(', ') })}
          </p>
          <RadioGroup id={`${id}-method`} name={`${id}-method`} required legend={t('onBehalf.methodLegend')} options={labelled(CONSENT_METHODS)} value={s.consentMethod} error={s.errors.consentMethod} onChange={(v) => set({ consentMethod: v })} />
          <RadioGroup id={`${id}-language`} name={`${id}-language`} required legend={t('onBehalf.languageLegend')} options={labelled(NOTICE_LANGUAGES)} value={s.noticeLanguage} error={s.errors.noticeLanguage} onChange={(v) => set({ noticeLanguage: v })} />
          <TextInput id={`${id}-witness`} label={t('onBehalf.witnessName')} required value={s.witnessName} error={s.errors.witnessName} hint={t('onBehalf.witnessHint')} onChange={(e) => set({ witnessName: e.target.value })} />
          <TextInput id={`${id}-witness-contact`} label={t('onBehalf.witnessContact')} required value={s.witnessContact} error={s.errors.witnessContact} onChange={(e) => set({ witnessContact: e.target.value })} />
        </fieldset>
      )}
    </div>
  );
}
