// Host Registration Form: every field and option list of the host
// registration; 'Others' and 'Other' reveal a specify box; why-host and both
// consents required. Success: toast, then / after 1.5 s.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import {
  ACCOMMODATION,
  ACCOMMODATION_OTHER,
  DURATIONS,
  FACILITIES,
  FACILITY_OTHER,
  registerHost,
  type HostPayload,
} from '../api/host-api';
import { useCountries } from '@/lib/use-countries';
import {
  CheckGroup,
  Checkbox,
  SelectInput,
  TextArea,
  TextInput,
  ClearFormButton,
  DraftNotice,
  ErrorSummary,
  type FieldErrors,
} from '@/components/form/form-kit';
import { checkFields, emptyValues } from '@/components/form/check-fields';
import { type AnswerSection } from '@/components/form/check-answers';
import { SentFormPage, useSentForm } from '@/components/form/sent-form';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf, onBehalfPart, useStandIn } from '@/components/form/on-behalf';
import { t, tn } from '@/i18n';
import { hostSchema } from '@/lib/schemas/host.gen';

const P = 'host';
// The fields in the order the form shows them, as the schema lists them.
const ORDER = Object.keys(hostSchema);
const empty: HostPayload = emptyValues(hostSchema);

/** validateHost checks the offer against its schema, as the server does,
 * and asks for a way to reach the host: a number or an address. */
export function validateHost(v: HostPayload): FieldErrors {
  const e = checkFields(hostSchema, v);
  if (!v.contactNumber.trim() && !v.email.trim()) e.contactNumber = e.email = t('disciple.reachRequired');
  return e;
}

/** hostAnswers are the offer's answers as "Check your answers" lists them. */
export function hostAnswers(v: HostPayload, countryLabel: (name: string) => string): AnswerSection[] {
  const place = [
    { key: 'accommodationTypes', label: t('host.accommodation'), value: v.accommodationTypes },
    ...(v.accommodationTypes.includes(ACCOMMODATION_OTHER) ? [{ key: 'accommodationOther', label: t('host.accommodationOther'), value: v.accommodationOther }] : []),
    { key: 'availabilityDurations', label: t('host.durations'), value: v.availabilityDurations },
    { key: 'facilities', label: t('host.facilities'), value: v.facilities },
    ...(v.facilities.includes(FACILITY_OTHER) ? [{ key: 'facilityOther', label: t('host.facilityOther'), value: v.facilityOther }] : []),
  ];
  return [
    {
      title: t('volunteer.aboutYou'),
      rows: [
        { key: 'fullName', label: t('form.fullName'), value: v.fullName },
        { key: 'initiatedName', label: t('disciple.initiationName'), value: v.initiatedName },
        { key: 'contactNumber', label: t('disciple.contactNumber'), value: v.contactNumber },
        { key: 'email', label: t('form.email'), value: v.email },
        { key: 'address', label: t('form.address'), value: v.address },
        { key: 'country', label: t('form.country'), value: countryLabel(v.country) },
        { key: 'nearestCenter', label: t('volunteer.nearestCenter'), value: v.nearestCenter },
      ],
    },
    { title: t('host.yourPlace'), rows: place },
    { title: t('host.whySection'), rows: [{ key: 'whyHost', label: t('host.why'), value: v.whyHost }] },
    {
      title: t('host.agreements'),
      rows: [
        { key: 'consentTerms', label: t('host.acceptedTerms'), value: v.consentTerms },
        { key: 'consentContact', label: t('host.mayContact'), value: v.consentContact },
      ],
    },
  ];
}

export function HostForm() {
  const countries = useCountries();
  const validate = useStandIn('host', validateHost);
  const run = useSentForm<HostPayload>({
    form: P,
    order: ORDER,
    empty,
    validate,
    prefill: (v, p) => ({
      ...v,
      fullName: v.fullName || p.fullName || '',
      email: v.email || p.email || '',
      contactNumber: v.contactNumber || p.mobile || '',
      address: v.address || p.address || '',
    }),
    part: onBehalfPart('host'),
    send: (v, extra) => registerHost({ ...v, ...extra }),
    sent: (res) => res.message || t('host.sent'),
    failed: (err) => messageOf(err, t('host.failed')),
  });
  const { values, setValues, errors, busy, done, draft, summary } = run;

  const text = (k: 'fullName' | 'initiatedName' | 'contactNumber' | 'email' | 'address' | 'nearestCenter' | 'accommodationOther' | 'facilityOther' | 'whyHost') =>
    (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));

  return (
    <SentFormPage run={run} title={t('host.title')} answers={() => hostAnswers(values, countries.label)}>
      <p className="form-intro">
        {t('host.intro')}
      </p>
      <form className="form-card" noValidate onSubmit={run.onSubmit}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <div className="form-row">
          <TextInput id={`${P}-fullName`} label={t('form.fullName')} required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
          <TextInput id={`${P}-initiatedName`} label={t('host.initiatedNameAny')} value={values.initiatedName} onChange={text('initiatedName')} error={errors.initiatedName} />
        </div>
        <div className="form-row">
          <TextInput id={`${P}-contactNumber`} label={t('disciple.contactNumber')} type="tel" autoComplete="tel" value={values.contactNumber} onChange={text('contactNumber')} error={errors.contactNumber} />
          <TextInput id={`${P}-email`} label={t('form.email')} type="email" autoComplete="email" value={values.email} onChange={text('email')} error={errors.email} />
        </div>
        <TextArea id={`${P}-address`} label={t('form.address')} rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <SelectInput
            id={`${P}-country`}
            label={t('form.country')}
            placeholder={t('form.selectCountry')}
            optionLabel={countries.label}
            options={countries.names}
            value={values.country}
            onChange={(e) => setValues((s) => ({ ...s, country: e.target.value }))}
            error={errors.country}
          />
          <TextInput id={`${P}-nearestCenter`} label={t('volunteer.nearestCenter')} value={values.nearestCenter} onChange={text('nearestCenter')} error={errors.nearestCenter} />
        </div>
        <CheckGroup
          id={`${P}-accommodationTypes`}
          legend={t('host.accommodation')}
          hint={t('form.chooseAll')}
          options={ACCOMMODATION}
          value={values.accommodationTypes}
          onChange={(next) =>
            setValues((s) => ({ ...s, accommodationTypes: next, accommodationOther: next.includes(ACCOMMODATION_OTHER) ? s.accommodationOther : '' }))
          }
          error={errors.accommodationTypes}
        />
        {values.accommodationTypes.includes(ACCOMMODATION_OTHER) ? (
          <TextInput id={`${P}-accommodationOther`} label={t('host.specifyAccommodation')} required value={values.accommodationOther} onChange={text('accommodationOther')} error={errors.accommodationOther} />
        ) : null}
        <CheckGroup
          id={`${P}-availabilityDurations`}
          legend={t('host.durations')}
          hint={t('form.chooseAll')}
          options={DURATIONS}
          value={values.availabilityDurations}
          onChange={(next) => setValues((s) => ({ ...s, availabilityDurations: next }))}
          error={errors.availabilityDurations}
        />
        <CheckGroup
          id={`${P}-facilities`}
          legend={t('host.facilities')}
          hint={t('form.chooseAll')}
          options={FACILITIES}
          value={values.facilities}
          onChange={(next) => setValues((s) => ({ ...s, facilities: next, facilityOther: next.includes(FACILITY_OTHER) ? s.facilityOther : '' }))}
          error={errors.facilities}
        />
        {values.facilities.includes(FACILITY_OTHER) ? (
          <TextInput id={`${P}-facilityOther`} label={t('host.specifyFacility')} required value={values.facilityOther} onChange={text('facilityOther')} error={errors.facilityOther} />
        ) : null}
        <TextArea id={`${P}-whyHost`} label={t('host.why')} required value={values.whyHost} onChange={text('whyHost')} error={errors.whyHost} />
        <Checkbox
          id={`${P}-consentTerms`}
          required
          label={
            tn('host.acceptTerms', {}, { link: (c) => <Link to={paths.terms}>{c}</Link> })
          }
          checked={values.consentTerms}
          onChange={(c) => setValues((s) => ({ ...s, consentTerms: c }))}
          error={errors.consentTerms}
        />
        <Checkbox
          id={`${P}-consentContact`}
          required
          label={t('host.consentContact')}
          checked={values.consentContact}
          onChange={(c) => setValues((s) => ({ ...s, consentContact: c }))}
          error={errors.consentContact}
        />
        <OnBehalf form="host" />
        <LazyPrivacyNotice form="host" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy || done}>
          {busy ? t('form.submitting') : t('form.submit')}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </SentFormPage>
  );
}
