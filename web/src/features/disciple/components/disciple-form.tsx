// Disciple Registration Referral Form: the eight fields;
// the temple president receives the confirmation link by email. Success:
// the server's message, the form cleared, then /.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { listReferrers, registerDisciple, type DisciplePayload, type KnownReferrer } from '../api/disciple-api';
import { keepConfirmation } from '@/lib/confirmation';
import { getUser } from '@/lib/session';
import { FIRST_INITIATION, LAST_INITIATION, today } from './dates';
import { DateInput, checkDate, dateValue } from '@/components/form/date-input';
import { CheckAnswers, useCheckStep, type AnswerSection } from '@/components/form/check-answers';
import { formatDay } from '@/lib/dates';
import { SelectInput, TextArea, TextInput, isEmail, isPhone, ClearFormButton, DraftNotice, ErrorSummary, useFormSubmit, tooLong, type FieldErrors } from '@/components/form/form-kit';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf } from '@/components/form/on-behalf';

const P = 'disciple';
const ORDER = [
  'fullName', 'dateOfBirth', 'address', 'contactNumber', 'discipleEmail', 'referrerId', 'templePresidentEmail', 'initiationDate', 'initiationName',
] as const;

/** The choice that shows the email box for a temple president not in the list. */
const OTHER = 'Someone not in this list (type their email)';

function referrerLabel(r: KnownReferrer): string {
  return [r.name, r.position, r.temple].filter(Boolean).join(' — ');
}

const empty: DisciplePayload = {
  fullName: '', dateOfBirth: '', address: '', contactNumber: '', discipleEmail: '', templePresidentEmail: '', initiationDate: '', initiationName: '',
};

/** validateDisciple mirrors the server's checks. */
export function validateDisciple(v: DisciplePayload, now = today()): FieldErrors {
  const e: FieldErrors = {};
  if (!v.fullName.trim()) e.fullName = 'Please enter your full name.';
  else if (tooLong(v.fullName, 120)) e.fullName = 'Please keep this under 120 characters.';
  const dob = checkDate(v.dateOfBirth, 'Date of birth', { pastOf: now });
  if (dob) e.dateOfBirth = dob;
  if (tooLong(v.address, 500)) e.address = 'Please keep this under 500 characters.';
  if (!v.contactNumber.trim() && !v.discipleEmail.trim()) {
    e.contactNumber = e.discipleEmail = 'Please give a contact number or an email address so that we can reach you.';
  }
  if (v.contactNumber.trim() && !isPhone(v.contactNumber)) e.contactNumber = 'Please enter a valid phone number.';
  if (v.discipleEmail.trim() && !isEmail(v.discipleEmail)) e.discipleEmail = 'Please enter a valid email address, like name@example.org.';
  if (v.referrerId) {
    // Picked from the directory: the server knows the address.
  } else if (!v.templePresidentEmail.trim()) {
    e.templePresidentEmail = 'Please enter the email address of your temple president, who will confirm your registration.';
  } else if (!isEmail(v.templePresidentEmail)) {
    e.templePresidentEmail = 'Please enter a valid email address, like name@example.org.';
  } else if (v.templePresidentEmail.trim().toLowerCase() === v.discipleEmail.trim().toLowerCase()) {
    e.templePresidentEmail = "This must be your temple president's own email address, not yours: they confirm your registration.";
  }
  const initiation = checkDate(v.initiationDate, 'Initiation date', {
    min: FIRST_INITIATION,
    max: LAST_INITIATION,
    rangeMsg: 'Srila Prabhupada gave initiation between 1 January 1966 and 14 November 1977; please enter a date in that range.',
  });
  if (initiation) e.initiationDate = initiation;
  if (tooLong(v.initiationName, 120)) e.initiationName = 'Please keep this under 120 characters.';
  return e;
}

/** discipleAnswers are the registration's answers as "Check your answers"
 * lists them; dates with the month's name; the temple president by name
 * when picked from the list. */
export function discipleAnswers(v: DisciplePayload, president: string): AnswerSection[] {
  const day = (d: string) => (dateValue(d) ? formatDay(dateValue(d)) : '');
  return [
    {
      title: 'About you',
      rows: [
        { key: 'fullName', label: 'Full name', value: v.fullName },
        { key: 'dateOfBirth', label: 'Date of birth', value: day(v.dateOfBirth) },
        { key: 'contactNumber', label: 'Contact number', value: v.contactNumber },
        { key: 'address', label: 'Address', value: v.address },
        { key: 'discipleEmail', label: 'Your email', value: v.discipleEmail },
      ],
    },
    {
      title: 'Your initiation',
      rows: [
        { key: 'initiationName', label: 'Initiated name', value: v.initiationName },
        { key: 'initiationDate', label: 'Initiation date', value: day(v.initiationDate) },
      ],
    },
    {
      title: 'Who confirms it',
      rows: [
        v.referrerId
          ? { key: 'referrerId', label: 'Your temple president', value: president }
          : { key: 'templePresidentEmail', label: "Temple president's email", value: v.templePresidentEmail },
      ],
    },
  ];
}

export function DiscipleForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<DisciplePayload>(empty);
  const [known, setKnown] = useState<KnownReferrer[]>([]);
  // otherChosen: the person chose to type an address not in the list.
  const [otherChosen, setOtherChosen] = useState(false);

  // The directory of temple presidents; without it the form asks for an email.
  useEffect(() => {
    const ctrl = new AbortController();
    listReferrers(ctrl.signal).then(
      (list) => setKnown(Array.isArray(list) ? list : []),
      () => setKnown([]),
    );
    return () => ctrl.abort();
  }, []);
  // The choice follows the values, so a restored draft shows it again.
  const picked = values.referrerId ? known.find((r) => r._id === values.referrerId) : undefined;
  const pick = picked ? referrerLabel(picked) : otherChosen ? OTHER : '';
  const choose = (label: string) => {
    const r = known.find((k) => referrerLabel(k) === label);
    setOtherChosen(label === OTHER);
    setValues((s) => ({ ...s, referrerId: r?._id ?? '' }));
  };

  const text = (k: keyof DisciplePayload) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));

  const check = useCheckStep(P);
  const { errors, busy, submit, summary, draft } = useFormSubmit<DisciplePayload>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: 'disciple', empty: empty, setValues },
    validate: validateDisciple,
    send: async (v) => {
      const res = await check.sending(() =>
        registerDisciple({ ...v, dateOfBirth: dateValue(v.dateOfBirth), initiationDate: dateValue(v.initiationDate) }),
      );
      keepConfirmation('disciple', res, v.discipleEmail || getUser()?.email);
      toast.success(res.message || 'Registration submitted successfully!');
      setValues(empty);
      setOtherChosen(false);
      check.back();
      navigate(paths.home);
    },
    failed: (err) => toast.error(messageOf(err, 'Something went wrong.')),
  });

  if (check.checking) {
    return (
      <section className="form-page" aria-labelledby="disciple-title">
        <h1 id="disciple-title">Disciple Registration Referral Form</h1>
        <CheckAnswers
          prefix={P}
          sections={discipleAnswers(values, picked ? referrerLabel(picked) : '')}
          busy={busy}
          onChange={check.change}
          onBack={check.back}
          onSend={(e) => submit(e, values)}
        />
      </section>
    );
  }
  return (
    <section className="form-page" aria-labelledby="disciple-title">
      <h1 id="disciple-title">Disciple Registration Referral Form</h1>
      <p className="form-intro">
        For disciples initiated by Srila Prabhupada. After you submit, we email your temple president a link to confirm your
        registration. Fields marked * are required; please give a contact number or an email address.
      </p>
      <form className="form-card" noValidate onSubmit={(e) => check.proceed(e, validateDisciple(values), (ev) => submit(ev, values))}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <TextInput id={`${P}-fullName`} label="Full name" required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
        <DateInput
          id={`${P}-dateOfBirth`}
          legend="Date of birth"
          birthday
          hint="For example, 27 3 1948"
          value={values.dateOfBirth}
          onChange={(d) => setValues((s) => ({ ...s, dateOfBirth: d }))}
          error={errors.dateOfBirth}
        />
        <div className="form-row">
          <TextInput id={`${P}-contactNumber`} label="Contact number" type="tel" autoComplete="tel" value={values.contactNumber} onChange={text('contactNumber')} error={errors.contactNumber} />
        </div>
        <TextArea id={`${P}-address`} label="Address" rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <TextInput id={`${P}-discipleEmail`} label="Your email" type="email" autoComplete="email" value={values.discipleEmail} onChange={text('discipleEmail')} error={errors.discipleEmail} />
          {known.length > 0 && (
            <SelectInput
              id={`${P}-referrerId`}
              label="Your temple president"
              placeholder="Choose from the list"
              options={[...known.map(referrerLabel), OTHER]}
              hint="Pick them from SPDC's list, or choose the last option to type their email."
              value={pick}
              onChange={(e) => choose(e.target.value)}
              error={errors.referrerId}
            />
          )}
        </div>
        <div className="form-row">
          {picked ? null : <TextInput
            id={`${P}-templePresidentEmail`}
            label="Temple president's email"
            type="email"
            required
            hint="Your temple president receives the confirmation link."
            value={values.templePresidentEmail}
            onChange={text('templePresidentEmail')}
            error={errors.templePresidentEmail}
          />}
        </div>
        <div className="form-row">
          <TextInput id={`${P}-initiationName`} label="Initiated name" value={values.initiationName} onChange={text('initiationName')} error={errors.initiationName} />
        </div>
        <DateInput
          id={`${P}-initiationDate`}
          legend="Initiation date"
          hint="Between 1966 and 1977, for example, 31 8 1972"
          value={values.initiationDate}
          onChange={(d) => setValues((s) => ({ ...s, initiationDate: d }))}
          error={errors.initiationDate}
        />
        <OnBehalf form="disciple" />
        <LazyPrivacyNotice form="disciple" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </section>
  );
}
