// Volunteer Registration: every field of the volunteer registration,
// prefilled from the profile when signed in; 'Other' reveals a specify box
// (unchoosing hides and clears it); success toast then / after 1.5 s.
import { AREAS_OF_INTEREST, AVAILABILITY, registerVolunteer, type VolunteerPayload } from '../api/volunteer-api';
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
import { t } from '@/i18n';
import { volunteerSchema } from '@/lib/schemas/volunteer.gen';

const P = 'volunteer';
// The fields in the order the form shows them, as the schema lists them.
const ORDER = Object.keys(volunteerSchema);
const empty: VolunteerPayload = emptyValues(volunteerSchema);

/** validateVolunteer checks the registration against its schema, as the
 * server does, so most mistakes are shown before sending. */
export function validateVolunteer(v: VolunteerPayload): FieldErrors {
  return checkFields(volunteerSchema, v);
}

/** volunteerAnswers are the form's answers as "Check your answers" lists them. */
export function volunteerAnswers(v: VolunteerPayload, countryLabel: (name: string) => string): AnswerSection[] {
  const help = [
    { key: 'nearestCenter', label: t('volunteer.nearestCenter'), value: v.nearestCenter },
    { key: 'availability', label: t('volunteer.availability'), value: v.availability },
    { key: 'areasOfInterest', label: t('volunteer.areas'), value: v.areasOfInterest },
    ...(v.areasOfInterest.includes('Other') ? [{ key: 'otherInterest', label: t('volunteer.otherInterest'), value: v.otherInterest }] : []),
  ];
  return [
    {
      title: t('volunteer.aboutYou'),
      rows: [
        { key: 'fullName', label: t('form.fullName'), value: v.fullName },
        { key: 'email', label: t('form.email'), value: v.email },
        { key: 'mobile', label: t('form.phone'), value: v.mobile },
        { key: 'country', label: t('form.country'), value: countryLabel(v.country) },
        { key: 'address', label: t('form.address'), value: v.address },
      ],
    },
    { title: t('volunteer.howHelp'), rows: help },
    {
      title: t('volunteer.inYourWords'),
      rows: [
        { key: 'experience', label: t('volunteer.experience'), value: v.experience },
        { key: 'motivation', label: t('volunteer.motivation'), value: v.motivation },
        { key: 'skills', label: t('volunteer.skills'), value: v.skills },
      ],
    },
    { title: t('volunteer.consentSection'), rows: [{ key: 'consent', label: t('volunteer.consentShort'), value: v.consent }] },
  ];
}

export function VolunteerForm() {
  const countries = useCountries();
  const run = useSentForm<VolunteerPayload>({
    form: P,
    order: ORDER,
    empty,
    validate: validateVolunteer,
    // Name, email, phone and address from the profile.
    prefill: (v, p) => ({
      ...v,
      fullName: v.fullName || p.fullName || '',
      email: v.email || p.email || '',
      mobile: v.mobile || p.mobile || '',
      address: v.address || p.address || '',
    }),
    send: (v, extra) =>
      registerVolunteer({
        ...extra,
        ...v,
        fullName: v.fullName.trim(),
        email: v.email.trim(),
        otherInterest: v.areasOfInterest.includes('Other') ? v.otherInterest.trim() : '',
      }),
    sent: () => 'Volunteer form submitted successfully!',
    failed: () => 'Error submitting volunteer form',
  });
  const { values, setValues, errors, busy, done, draft, summary } = run;

  const set = <K extends keyof VolunteerPayload>(k: K, v: VolunteerPayload[K]) => setValues((s) => ({ ...s, [k]: v }));
  const text = (k: 'fullName' | 'email' | 'mobile' | 'address' | 'nearestCenter' | 'otherInterest' | 'experience' | 'motivation' | 'skills') =>
    (e: { target: { value: string } }) => set(k, e.target.value);

  function setAreas(next: string[]) {
    setValues((s) => ({ ...s, areasOfInterest: next, otherInterest: next.includes('Other') ? s.otherInterest : '' }));
  }

  const other = values.areasOfInterest.includes('Other');
  return (
    <SentFormPage run={run} title={t('volunteer.title')} answers={() => volunteerAnswers(values, countries.label)}>
      {/* One text, as the server paints it: the page's largest words are
          then the same block before and after the app takes over. */}
      <p className="form-intro">{`${t('volunteer.intro')} ${t('form.requiredNote')}`}</p>
      <form className="form-card" noValidate onSubmit={run.onSubmit}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <div className="form-row">
          <TextInput id={`${P}-fullName`} label={t('form.fullName')} required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
          <TextInput id={`${P}-email`} label={t('form.email')} type="email" required autoComplete="email" value={values.email} onChange={text('email')} error={errors.email} />
        </div>
        <div className="form-row">
          <TextInput id={`${P}-mobile`} label={t('form.phone')} type="tel" autoComplete="tel" value={values.mobile} onChange={text('mobile')} error={errors.mobile} />
          <SelectInput
            id={`${P}-country`}
            label={t('form.country')}
            placeholder={t('form.selectCountry')}
            optionLabel={countries.label}
            options={countries.names}
            value={values.country}
            onChange={(e) => set('country', e.target.value)}
            error={errors.country}
          />
        </div>
        <TextArea id={`${P}-address`} label={t('form.address')} rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <TextInput id={`${P}-nearestCenter`} label={t('volunteer.nearestCenter')} value={values.nearestCenter} onChange={text('nearestCenter')} error={errors.nearestCenter} />
          <SelectInput
            id={`${P}-availability`}
            label={t('volunteer.availability')}
            placeholder={t('volunteer.selectAvailability')}
            options={AVAILABILITY}
            value={values.availability}
            onChange={(e) => set('availability', e.target.value)}
            error={errors.availability}
          />
        </div>
        <CheckGroup
          id={`${P}-areasOfInterest`}
          legend={t('volunteer.areas')}
          hint={t('form.chooseAll')}
          options={AREAS_OF_INTEREST}
          value={values.areasOfInterest}
          onChange={setAreas}
          error={errors.areasOfInterest}
        />
        {other ? (
          <TextInput
            id={`${P}-otherInterest`}
            label={t('volunteer.otherLabel')}
            required
            value={values.otherInterest}
            onChange={text('otherInterest')}
            error={errors.otherInterest}
          />
        ) : null}
        <TextArea id={`${P}-experience`} label={t('volunteer.experience')} required value={values.experience} onChange={text('experience')} error={errors.experience} />
        <TextArea id={`${P}-motivation`} label={t('volunteer.motivation')} required value={values.motivation} onChange={text('motivation')} error={errors.motivation} />
        <TextArea id={`${P}-skills`} label={t('volunteer.skills')} required value={values.skills} onChange={text('skills')} error={errors.skills} />
        <Checkbox
          id={`${P}-consent`}
          required
          label={t('volunteer.consent')}
          checked={values.consent}
          onChange={(c) => set('consent', c)}
          error={errors.consent}
        />
        <LazyPrivacyNotice form="volunteer" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy || done}>
          {busy ? t('form.submitting') : t('form.submit')}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </SentFormPage>
  );
}
