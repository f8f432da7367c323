// Host Registration Form: every field and option list of the host
// registration; 'Others' and 'Other' reveal a specify box; why-host and both
// consents required. Success: toast, then / after 1.5 s.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { keepConfirmation } from '@/lib/confirmation';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { useProfilePrefill } from '@/lib/profile';
import {
  ACCOMMODATION,
  ACCOMMODATION_OTHER,
  DURATIONS,
  FACILITIES,
  FACILITY_OTHER,
  registerHost,
  type HostPayload,
} from '../api/host-api';
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
import { OnBehalf } from '@/components/form/on-behalf';

const REDIRECT_MS = 1500;
const P = 'host';
const ORDER = [
  'fullName', 'initiatedName', 'contactNumber', 'email', 'address', 'country', 'nearestCenter', 'accommodationTypes',
  'accommodationOther', 'availabilityDurations', 'facilities', 'facilityOther', 'whyHost', 'consentTerms', 'consentContact',
] as const;

const empty: HostPayload = {
  fullName: '', initiatedName: '', contactNumber: '', email: '', address: '', country: '', nearestCenter: '',
  accommodationTypes: [], accommodationOther: '', availabilityDurations: [], facilities: [], facilityOther: '',
  whyHost: '', consentTerms: false, consentContact: false,
};

/** validateHost mirrors the server's checks. */
export function validateHost(v: HostPayload): FieldErrors {
  const e: FieldErrors = {};
  if (!v.fullName.trim()) e.fullName = 'Please enter your full name.';
  else if (tooLong(v.fullName, 120)) e.fullName = 'Please keep this under 120 characters.';
  if (tooLong(v.initiatedName, 120)) e.initiatedName = 'Please keep this under 120 characters.';
  if (!v.contactNumber.trim() && !v.email.trim()) {
    e.contactNumber = e.email = 'Please give a contact number or an email address so that we can reach you.';
  }
  if (v.contactNumber.trim() && !isPhone(v.contactNumber)) e.contactNumber = 'Please enter a valid phone number.';
  if (v.email.trim() && !isEmail(v.email)) e.email = 'Please enter a valid email address, like name@example.org.';
  if (tooLong(v.address, 500)) e.address = 'Please keep this under 500 characters.';
  if (tooLong(v.nearestCenter, 200)) e.nearestCenter = 'Please keep this under 200 characters.';
  if (v.accommodationTypes.includes(ACCOMMODATION_OTHER) && !v.accommodationOther.trim()) {
    e.accommodationOther = 'Please describe the other accommodation.';
  }
  if (v.facilities.includes(FACILITY_OTHER) && !v.facilityOther.trim()) e.facilityOther = 'Please describe the other facility.';
  if (!v.whyHost.trim()) e.whyHost = 'Please tell us why you wish to host.';
  else if (tooLong(v.whyHost, 4000)) e.whyHost = 'Please keep this under 4000 characters.';
  if (!v.consentTerms) e.consentTerms = 'Please accept the terms and conditions.';
  if (!v.consentContact) e.consentContact = 'Please agree that we may contact you about hosting.';
  return e;
}

/** hostAnswers are the offer's answers as "Check your answers" lists them. */
export function hostAnswers(v: HostPayload): AnswerSection[] {
  const place = [
    { key: 'accommodationTypes', label: 'Accommodation type', value: v.accommodationTypes },
    ...(v.accommodationTypes.includes(ACCOMMODATION_OTHER) ? [{ key: 'accommodationOther', label: 'Other accommodation', value: v.accommodationOther }] : []),
    { key: 'availabilityDurations', label: 'Availability duration', value: v.availabilityDurations },
    { key: 'facilities', label: 'Special facilities', value: v.facilities },
    ...(v.facilities.includes(FACILITY_OTHER) ? [{ key: 'facilityOther', label: 'Other facility', value: v.facilityOther }] : []),
  ];
  return [
    {
      title: 'About you',
      rows: [
        { key: 'fullName', label: 'Full name', value: v.fullName },
        { key: 'initiatedName', label: 'Initiated name', value: v.initiatedName },
        { key: 'contactNumber', label: 'Contact number', value: v.contactNumber },
        { key: 'email', label: 'Email', value: v.email },
        { key: 'address', label: 'Address', value: v.address },
        { key: 'country', label: 'Country', value: v.country },
        { key: 'nearestCenter', label: 'Nearest center', value: v.nearestCenter },
      ],
    },
    { title: 'Your place', rows: place },
    { title: 'Why you wish to host', rows: [{ key: 'whyHost', label: 'Why do you wish to host?', value: v.whyHost }] },
    {
      title: 'Agreements',
      rows: [
        { key: 'consentTerms', label: 'Accepted the terms and conditions', value: v.consentTerms },
        { key: 'consentContact', label: 'SPDC may contact me about hosting', value: v.consentContact },
      ],
    },
  ];
}

export function HostForm() {
  const navigate = useNavigate();
  const countries = countryNames();
  const [values, setValues] = useState<HostPayload>(empty);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useProfilePrefill(
    (p) =>
      setValues((v) => ({
        ...v,
        fullName: v.fullName || p.fullName || '',
        email: v.email || p.email || '',
        contactNumber: v.contactNumber || p.mobile || '',
        address: v.address || p.address || '',
      })),
    'host',
  );

  const text = (k: 'fullName' | 'initiatedName' | 'contactNumber' | 'email' | 'address' | 'nearestCenter' | 'accommodationOther' | 'facilityOther' | 'whyHost') =>
    (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));

  const check = useCheckStep(P);
  const { errors, busy, submit, summary, draft } = useFormSubmit<HostPayload>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: 'host', empty: empty, setValues },
    validate: validateHost,
    send: async (v) => {
      const res = await check.sending(() => registerHost(v));
      keepConfirmation('host', res, v.email);
      setDone(true);
      toast.success(res.message || 'Host form submitted successfully!');
      timer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_MS);
    },
    failed: (err) => toast.error(messageOf(err, 'Error submitting host form')),
  });

  if (check.checking) {
    return (
      <section className="form-page" aria-labelledby="host-title">
        <h1 id="host-title">Host Registration Form</h1>
        <CheckAnswers
          prefix={P}
          sections={hostAnswers(values)}
          busy={busy || done}
          onChange={check.change}
          onBack={check.back}
          onSend={(e) => submit(e, values, done)}
        />
      </section>
    );
  }
  return (
    <section className="form-page" aria-labelledby="host-title">
      <h1 id="host-title">Host Registration Form</h1>
      <p className="form-intro">
        Offer a place for an elderly disciple of Srila Prabhupada to stay. Fields marked * are required; please give a contact
        number or an email address.
      </p>
      <form className="form-card" noValidate onSubmit={(e) => check.proceed(e, validateHost(values), (ev) => submit(ev, values, done))}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <div className="form-row">
          <TextInput id={`${P}-fullName`} label="Full name" required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
          <TextInput id={`${P}-initiatedName`} label="Initiated name (if any)" value={values.initiatedName} onChange={text('initiatedName')} error={errors.initiatedName} />
        </div>
        <div className="form-row">
          <TextInput id={`${P}-contactNumber`} label="Contact number" type="tel" autoComplete="tel" value={values.contactNumber} onChange={text('contactNumber')} error={errors.contactNumber} />
          <TextInput id={`${P}-email`} label="Email" type="email" autoComplete="email" value={values.email} onChange={text('email')} error={errors.email} />
        </div>
        <TextArea id={`${P}-address`} label="Address" rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <SelectInput
            id={`${P}-country`}
            label="Country"
            placeholder="Select Country"
            options={countries}
            value={values.country}
            onChange={(e) => setValues((s) => ({ ...s, country: e.target.value }))}
            error={errors.country}
          />
          <TextInput id={`${P}-nearestCenter`} label="Nearest center" value={values.nearestCenter} onChange={text('nearestCenter')} error={errors.nearestCenter} />
        </div>
        <CheckGroup
          id={`${P}-accommodationTypes`}
          legend="Accommodation type"
          hint="Choose all that apply."
          options={ACCOMMODATION}
          value={values.accommodationTypes}
          onChange={(next) =>
            setValues((s) => ({ ...s, accommodationTypes: next, accommodationOther: next.includes(ACCOMMODATION_OTHER) ? s.accommodationOther : '' }))
          }
          error={errors.accommodationTypes}
        />
        {values.accommodationTypes.includes(ACCOMMODATION_OTHER) ? (
          <TextInput id={`${P}-accommodationOther`} label="Please specify the accommodation" required value={values.accommodationOther} onChange={text('accommodationOther')} error={errors.accommodationOther} />
        ) : null}
        <CheckGroup
          id={`${P}-availabilityDurations`}
          legend="Availability duration"
          hint="Choose all that apply."
          options={DURATIONS}
          value={values.availabilityDurations}
          onChange={(next) => setValues((s) => ({ ...s, availabilityDurations: next }))}
          error={errors.availabilityDurations}
        />
        <CheckGroup
          id={`${P}-facilities`}
          legend="Special facilities"
          hint="Choose all that apply."
          options={FACILITIES}
          value={values.facilities}
          onChange={(next) => setValues((s) => ({ ...s, facilities: next, facilityOther: next.includes(FACILITY_OTHER) ? s.facilityOther : '' }))}
          error={errors.facilities}
        />
        {values.facilities.includes(FACILITY_OTHER) ? (
          <TextInput id={`${P}-facilityOther`} label="Please specify the other facility" required value={values.facilityOther} onChange={text('facilityOther')} error={errors.facilityOther} />
        ) : null}
        <TextArea id={`${P}-whyHost`} label="Why do you wish to host?" required value={values.whyHost} onChange={text('whyHost')} error={errors.whyHost} />
        <Checkbox
          id={`${P}-consentTerms`}
          required
          label={
            <>
              I have read and accept the <Link to={paths.terms}>Terms and Conditions</Link>.
            </>
          }
          checked={values.consentTerms}
          onChange={(c) => setValues((s) => ({ ...s, consentTerms: c }))}
          error={errors.consentTerms}
        />
        <Checkbox
          id={`${P}-consentContact`}
          required
          label="I agree that SPDC may contact me about hosting."
          checked={values.consentContact}
          onChange={(c) => setValues((s) => ({ ...s, consentContact: c }))}
          error={errors.consentContact}
        />
        <OnBehalf form="host" />
        <LazyPrivacyNotice form="host" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy || done}>
          {busy ? 'Submitting...' : 'Submit'}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </section>
  );
}
