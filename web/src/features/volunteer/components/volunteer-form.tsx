// Volunteer Registration: every field of the volunteer registration,
// prefilled from the profile when signed in; 'Other' reveals a specify box
// (unchoosing hides and clears it); success toast then / after 1.5 s.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { useProfilePrefill } from '@/lib/profile';
import { keepConfirmation } from '@/lib/confirmation';
import { AREAS_OF_INTEREST, AVAILABILITY, registerVolunteer, type VolunteerPayload } from '../api/volunteer-api';
import { countryNames } from '@/lib/countries';
import {
  CheckGroup,
  Checkbox,
  SelectInput,
  TextArea,
  TextInput,
  isEmail,
  isPhone,
  ClearFormButton,
  DraftNotice,
  ErrorSummary,
  useFormSubmit,
  tooLong,
  type FieldErrors,
} from '@/components/form/form-kit';
import { CheckAnswers, useCheckStep, type AnswerSection } from '@/components/form/check-answers';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';

const REDIRECT_MS = 1500;
const P = 'volunteer';
const ORDER = [
  'fullName', 'email', 'mobile', 'address', 'country', 'nearestCenter', 'availability', 'areasOfInterest',
  'otherInterest', 'experience', 'motivation', 'skills', 'consent',
] as const;

const empty: VolunteerPayload = {
  fullName: '', email: '', mobile: '', address: '', country: '', nearestCenter: '', availability: '',
  experience: '', motivation: '', skills: '', consent: false, areasOfInterest: [], otherInterest: '',
};

/** validateVolunteer mirrors the server's checks so most mistakes are
 * shown before sending. */
export function validateVolunteer(v: VolunteerPayload): FieldErrors {
  const e: FieldErrors = {};
  if (!v.fullName.trim()) e.fullName = 'Please enter your full name.';
  else if (tooLong(v.fullName, 120)) e.fullName = 'Please keep this under 120 characters.';
  if (!v.email.trim()) e.email = 'Please enter your email address.';
  else if (!isEmail(v.email)) e.email = 'Please enter a valid email address, like name@example.org.';
  if (v.mobile.trim() && !isPhone(v.mobile)) e.mobile = 'Please enter a valid phone number.';
  if (tooLong(v.address, 500)) e.address = 'Please keep this under 500 characters.';
  if (tooLong(v.nearestCenter, 200)) e.nearestCenter = 'Please keep this under 200 characters.';
  if (v.areasOfInterest.includes('Other')) {
    if (!v.otherInterest.trim()) e.otherInterest = 'Please say which other area interests you.';
    else if (tooLong(v.otherInterest, 200)) e.otherInterest = 'Please keep this under 200 characters.';
  }
  if (!v.experience.trim()) e.experience = 'Please tell us about your experience.';
  if (!v.motivation.trim()) e.motivation = 'Please tell us why you would like to volunteer.';
  if (!v.skills.trim()) e.skills = 'Please tell us about your skills.';
  for (const k of ['experience', 'motivation', 'skills'] as const) {
    if (!e[k] && tooLong(v[k], 4000)) e[k] = 'Please keep this under 4000 characters.';
  }
  if (!v.consent) e.consent = 'Please give your consent so that we may contact you.';
  return e;
}

/** volunteerAnswers are the form's answers as "Check your answers" lists them. */
export function volunteerAnswers(v: VolunteerPayload): AnswerSection[] {
  const help = [
    { key: 'nearestCenter', label: 'Nearest center', value: v.nearestCenter },
    { key: 'availability', label: 'Availability', value: v.availability },
    { key: 'areasOfInterest', label: 'Areas of interest', value: v.areasOfInterest },
    ...(v.areasOfInterest.includes('Other') ? [{ key: 'otherInterest', label: 'Other interest', value: v.otherInterest }] : []),
  ];
  return [
    {
      title: 'About you',
      rows: [
        { key: 'fullName', label: 'Full name', value: v.fullName },
        { key: 'email', label: 'Email', value: v.email },
        { key: 'mobile', label: 'Phone', value: v.mobile },
        { key: 'country', label: 'Country', value: v.country },
        { key: 'address', label: 'Address', value: v.address },
      ],
    },
    { title: 'How you can help', rows: help },
    {
      title: 'In your words',
      rows: [
        { key: 'experience', label: 'Your experience', value: v.experience },
        { key: 'motivation', label: 'Why you would like to volunteer', value: v.motivation },
        { key: 'skills', label: 'Your skills', value: v.skills },
      ],
    },
    { title: 'Consent', rows: [{ key: 'consent', label: 'SPDC may store these details and contact me', value: v.consent }] },
  ];
}

export function VolunteerForm() {
  const navigate = useNavigate();
  const countries = countryNames();
  const [values, setValues] = useState<VolunteerPayload>(empty);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Prefill name, email, phone and address from the profile.
  useProfilePrefill(
    (p) =>
      setValues((v) => ({
        ...v,
        fullName: v.fullName || p.fullName || '',
        email: v.email || p.email || '',
        mobile: v.mobile || p.mobile || '',
        address: v.address || p.address || '',
      })),
    'volunteer',
  );

  const set = <K extends keyof VolunteerPayload>(k: K, v: VolunteerPayload[K]) => setValues((s) => ({ ...s, [k]: v }));
  const text = (k: 'fullName' | 'email' | 'mobile' | 'address' | 'nearestCenter' | 'otherInterest' | 'experience' | 'motivation' | 'skills') =>
    (e: { target: { value: string } }) => set(k, e.target.value);

  function setAreas(next: string[]) {
    setValues((s) => ({ ...s, areasOfInterest: next, otherInterest: next.includes('Other') ? s.otherInterest : '' }));
  }

  const check = useCheckStep(P);
  const { errors, busy, submit, summary, draft } = useFormSubmit<VolunteerPayload>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: 'volunteer', empty: empty, setValues },
    validate: validateVolunteer,
    send: async (v) => {
      const res = await check.sending(() =>
        registerVolunteer({
          ...v,
          fullName: v.fullName.trim(),
          email: v.email.trim(),
          otherInterest: v.areasOfInterest.includes('Other') ? v.otherInterest.trim() : '',
        }),
      );
      keepConfirmation('volunteer', res, v.email);
      setDone(true);
      toast.success('Volunteer form submitted successfully!');
      timer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_MS);
    },
    failed: () => toast.error('Error submitting volunteer form'),
  });

  const other = values.areasOfInterest.includes('Other');
  if (check.checking) {
    return (
      <section className="form-page" aria-labelledby="volunteer-title">
        <h1 id="volunteer-title">Volunteer Registration</h1>
        <CheckAnswers
          prefix={P}
          sections={volunteerAnswers(values)}
          busy={busy || done}
          onChange={check.change}
          onBack={check.back}
          onSend={(e) => submit(e, values, done)}
        />
      </section>
    );
  }
  return (
    <section className="form-page" aria-labelledby="volunteer-title">
      <h1 id="volunteer-title">Volunteer Registration</h1>
      <p className="form-intro">
        Thank you for wishing to serve the elderly disciples of Srila Prabhupada. Fields marked * are required.
      </p>
      <form className="form-card" noValidate onSubmit={(e) => check.proceed(e, validateVolunteer(values), (ev) => submit(ev, values, done))}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <div className="form-row">
          <TextInput id={`${P}-fullName`} label="Full name" required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
          <TextInput id={`${P}-email`} label="Email" type="email" required autoComplete="email" value={values.email} onChange={text('email')} error={errors.email} />
        </div>
        <div className="form-row">
          <TextInput id={`${P}-mobile`} label="Phone" type="tel" autoComplete="tel" value={values.mobile} onChange={text('mobile')} error={errors.mobile} />
          <SelectInput
            id={`${P}-country`}
            label="Country"
            placeholder="Select Country"
            options={countries}
            value={values.country}
            onChange={(e) => set('country', e.target.value)}
            error={errors.country}
          />
        </div>
        <TextArea id={`${P}-address`} label="Address" rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <TextInput id={`${P}-nearestCenter`} label="Nearest center" value={values.nearestCenter} onChange={text('nearestCenter')} error={errors.nearestCenter} />
          <SelectInput
            id={`${P}-availability`}
            label="Availability"
            placeholder="Select availability"
            options={AVAILABILITY}
            value={values.availability}
            onChange={(e) => set('availability', e.target.value)}
            error={errors.availability}
          />
        </div>
        <CheckGroup
          id={`${P}-areasOfInterest`}
          legend="Areas of interest"
          hint="Choose all that apply."
          options={AREAS_OF_INTEREST}
          value={values.areasOfInterest}
          onChange={setAreas}
          error={errors.areasOfInterest}
        />
        {other ? (
          <TextInput
            id={`${P}-otherInterest`}
            label="Please specify your other interest"
            required
            value={values.otherInterest}
            onChange={text('otherInterest')}
            error={errors.otherInterest}
          />
        ) : null}
        <TextArea id={`${P}-experience`} label="Your experience" required value={values.experience} onChange={text('experience')} error={errors.experience} />
        <TextArea id={`${P}-motivation`} label="Why you would like to volunteer" required value={values.motivation} onChange={text('motivation')} error={errors.motivation} />
        <TextArea id={`${P}-skills`} label="Your skills" required value={values.skills} onChange={text('skills')} error={errors.skills} />
        <Checkbox
          id={`${P}-consent`}
          required
          label="I agree that SPDC may store these details and contact me about volunteering."
          checked={values.consent}
          onChange={(c) => set('consent', c)}
          error={errors.consent}
        />
        <LazyPrivacyNotice form="volunteer" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy || done}>
          {busy ? 'Submitting...' : 'Submit'}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </section>
  );
}
