// Disciple Registration Referral Form: the eight fields;
// the temple president receives the confirmation link by email. Success:
// the server's message, the form cleared, then /.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { listReferrers, registerDisciple, type DisciplePayload, type KnownReferrer } from '../api/disciple-api';
import { keepConfirmation } from '@/lib/confirmation';
import { getUser } from '@/lib/session';
import { FIRST_INITIATION, LAST_INITIATION, today } from './dates';
import { DateInput, checkDate, dateValue } from '@/components/form/date-input';
import { CheckAnswers, useCheckStep, type AnswerSection } from '@/components/form/check-answers';
import { formatDay } from '@/lib/dates';
import { SelectInput, TextArea, TextInput, ClearFormButton, DraftNotice, ErrorSummary, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkFields, emptyValues } from '@/components/form/check-fields';
import { discipleSchema } from '@/lib/schemas/disciple.gen';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf, onBehalfPart, useStandIn } from '@/components/form/on-behalf';
import { t } from '@/i18n';

const P = 'disciple';
const ORDER = [
  'fullName', 'dateOfBirth', 'address', 'contactNumber', 'discipleEmail', 'referrerId', 'templePresidentEmail', 'initiationDate', 'initiationName',
] as const;

/** The choice that shows the email box for a temple president not in the list. */
// The last choice of the list, in the language being shown.
const other = () => t('disciple.otherPresident');

function referrerLabel(r: KnownReferrer): string {
  return [r.name, r.position, r.temple].filter(Boolean).join(' — ');
}

const empty: DisciplePayload = emptyValues(discipleSchema);

/** validateDisciple checks the registration against its schema, as the
 * server does; the dates, a way to reach the elder and the temple
 * president (picked from the directory, or an address that is not the
 * elder's own) by rules of their own. */
export function validateDisciple(v: DisciplePayload, now = today()): FieldErrors {
  const e = checkFields(discipleSchema, v, ['fullName', 'address', 'contactNumber', 'discipleEmail', 'initiationName']);
  const dob = checkDate(v.dateOfBirth, t('disciple.dateOfBirth'), { pastOf: now });
  if (dob) e.dateOfBirth = dob;
  if (!v.contactNumber.trim() && !v.discipleEmail.trim()) {
    e.contactNumber = e.discipleEmail = t('disciple.reachRequired');
  }
  // Picked from the directory: the server knows the address.
  if (!v.referrerId) {
    const president = checkFields(discipleSchema, v, ['templePresidentEmail']).templePresidentEmail;
    if (president) e.templePresidentEmail = president;
    else if (v.templePresidentEmail.trim().toLowerCase() === v.discipleEmail.trim().toLowerCase()) {
      e.templePresidentEmail = t('disciple.presidentNotSelf');
    }
  }
  const initiation = checkDate(v.initiationDate, t('disciple.initiationDate'), {
    min: FIRST_INITIATION,
    max: LAST_INITIATION,
    rangeMsg: t('disciple.initiationRange'),
  });
  if (initiation) e.initiationDate = initiation;
  return e;
}

/** discipleAnswers are the registration's answers as "Check your answers"
 * lists them; dates with the month's name; the temple president by name
 * when picked from the list. */
export function discipleAnswers(v: DisciplePayload, president: string): AnswerSection[] {
  const day = (d: string) => (dateValue(d) ? formatDay(dateValue(d)) : '');
  return [
    {
      title: t('volunteer.aboutYou'),
      rows: [
        { key: 'fullName', label: t('form.fullName'), value: v.fullName },
        { key: 'dateOfBirth', label: t('disciple.dateOfBirth'), value: day(v.dateOfBirth) },
        { key: 'contactNumber', label: t('disciple.contactNumber'), value: v.contactNumber },
        { key: 'address', label: t('form.address'), value: v.address },
        { key: 'discipleEmail', label: t('disciple.yourEmail'), value: v.discipleEmail },
      ],
    },
    {
      title: t('disciple.yourInitiation'),
      rows: [
        { key: 'initiationName', label: t('disciple.initiationName'), value: v.initiationName },
        { key: 'initiationDate', label: t('disciple.initiationDate'), value: day(v.initiationDate) },
      ],
    },
    {
      title: t('disciple.whoConfirms'),
      rows: [
        v.referrerId
          ? { key: 'referrerId', label: t('disciple.president'), value: president }
          : { key: 'templePresidentEmail', label: t('disciple.presidentEmail'), value: v.templePresidentEmail },
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
  const pick = picked ? referrerLabel(picked) : otherChosen ? other() : '';
  const choose = (label: string) => {
    const r = known.find((k) => referrerLabel(k) === label);
    setOtherChosen(label === other());
    setValues((s) => ({ ...s, referrerId: r?._id ?? '' }));
  };

  const text = (k: keyof DisciplePayload) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));

  const check = useCheckStep(P);
  const validate = useStandIn('disciple', validateDisciple);
  const { errors, busy, submit, summary, draft } = useFormSubmit<DisciplePayload>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: 'disciple', empty: empty, setValues },
    validate,
    part: onBehalfPart('disciple'),
    notice: 'disciple',
    send: async (v, extra) => {
      const res = await check.sending(() =>
        registerDisciple({ ...v, dateOfBirth: dateValue(v.dateOfBirth), initiationDate: dateValue(v.initiationDate), ...extra }),
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
        <h1 id="disciple-title">{t('disciple.title')}</h1>
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
      <h1 id="disciple-title">{t('disciple.title')}</h1>
      <p className="form-intro">
        {t('disciple.intro')}
      </p>
      <form className="form-card" noValidate onSubmit={(e) => check.proceed(e, validate(values), (ev) => submit(ev, values))}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <TextInput id={`${P}-fullName`} label={t('form.fullName')} required autoComplete="name" value={values.fullName} onChange={text('fullName')} error={errors.fullName} />
        <DateInput
          id={`${P}-dateOfBirth`}
          legend={t('disciple.dateOfBirth')}
          birthday
          hint={t('date.example')}
          value={values.dateOfBirth}
          onChange={(d) => setValues((s) => ({ ...s, dateOfBirth: d }))}
          error={errors.dateOfBirth}
        />
        <div className="form-row">
          <TextInput id={`${P}-contactNumber`} label={t('disciple.contactNumber')} type="tel" autoComplete="tel" value={values.contactNumber} onChange={text('contactNumber')} error={errors.contactNumber} />
        </div>
        <TextArea id={`${P}-address`} label={t('form.address')} rows={2} autoComplete="street-address" value={values.address} onChange={text('address')} error={errors.address} />
        <div className="form-row">
          <TextInput id={`${P}-discipleEmail`} label={t('disciple.yourEmail')} type="email" autoComplete="email" value={values.discipleEmail} onChange={text('discipleEmail')} error={errors.discipleEmail} />
          {known.length > 0 && (
            <SelectInput
              id={`${P}-referrerId`}
              label={t('disciple.president')}
              placeholder={t('disciple.chooseList')}
              options={[...known.map(referrerLabel), other()]}
              hint={t('disciple.presidentHint')}
              value={pick}
              onChange={(e) => choose(e.target.value)}
              error={errors.referrerId}
            />
          )}
        </div>
        <div className="form-row">
          {picked ? null : <TextInput
            id={`${P}-templePresidentEmail`}
            label={t('disciple.presidentEmail')}
            type="email"
            required
            hint={t('disciple.presidentEmailHint')}
            value={values.templePresidentEmail}
            onChange={text('templePresidentEmail')}
            error={errors.templePresidentEmail}
          />}
        </div>
        <div className="form-row">
          <TextInput id={`${P}-initiationName`} label={t('disciple.initiationName')} value={values.initiationName} onChange={text('initiationName')} error={errors.initiationName} />
        </div>
        <DateInput
          id={`${P}-initiationDate`}
          legend={t('disciple.initiationDate')}
          hint={t('disciple.initiationHint')}
          value={values.initiationDate}
          onChange={(d) => setValues((s) => ({ ...s, initiationDate: d }))}
          error={errors.initiationDate}
        />
        <OnBehalf form="disciple" />
        <LazyPrivacyNotice form="disciple" />
        <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
          {busy ? t('form.submitting') : t('form.submit')}
        </button>
        <ClearFormButton draft={draft} />
      </form>
    </section>
  );
}
