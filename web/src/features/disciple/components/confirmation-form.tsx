// Confirmation page /Reg: the referrer
// arrives from the emailed link. The page first shows whom they are asked
// to confirm (loading it changes nothing); a link that cannot be used is
// explained instead of the form. Approve: toast, then / after 2 s. A
// referrer who does not know the applicant can decline with a reason.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { approve, decline, getApproval, type ApprovalInfo, type ApprovalPayload } from '../api/disciple-api';
import { formatDate, today } from './dates';
import { DateInput, checkDate, dateValue } from '@/components/form/date-input';
import { Checkbox, ClearFormButton, DraftNotice, ErrorSummary, TextArea, TextInput, goToField, isEmail, isPhone, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { keepConfirmation } from '@/lib/confirmation';
import { t, tn, useT } from '@/i18n';

const REDIRECT_MS = 2000;
const P = 'reg';
const ORDER = [
  'referrerName', 'referrerPosition', 'referrerContact', 'referrerEmail', 'statement',
  'referrerSignature', 'referrerSignedOn',
] as const;

// The temple president signs for themselves only: the applicant signed
// their own registration form.
type Values = Omit<ApprovalPayload, 'token' | 'applicantSignature' | 'applicantSignedOn'> & { statement: boolean };

function emptyValues(): Values {
  return {
    referrerName: '', referrerPosition: '', referrerContact: '', referrerEmail: '', statement: false,
    referrerSignature: '', referrerSignedOn: today(),
  };
}

/** validateConfirmation: every field of the page is required. */
export function validateConfirmation(v: Values): FieldErrors {
  const e: FieldErrors = {};
  if (!v.referrerName.trim()) e.referrerName = t('reg.err.name');
  if (!v.referrerPosition.trim()) e.referrerPosition = t('reg.err.position');
  if (!v.referrerContact.trim()) e.referrerContact = t('reg.err.contact');
  else if (!isPhone(v.referrerContact)) e.referrerContact = t('form.phoneInvalid');
  if (!v.referrerEmail.trim()) e.referrerEmail = t('form.emailRequired');
  else if (!isEmail(v.referrerEmail)) e.referrerEmail = t('gift.err.emailInvalid');
  if (!v.statement) e.statement = t('reg.err.statement');
  if (!v.referrerSignature.trim()) e.referrerSignature = t('reg.err.signature');
  const signedOn = checkDate(v.referrerSignedOn, t('reg.referrerDate'), { required: true, notAfter: today() });
  if (signedOn) e.referrerSignedOn = signedOn;
  return e;
}

type Load = { state: 'none' } | { state: 'loading' } | { state: 'ready'; info: ApprovalInfo } | { state: 'unusable'; message: string };

export function ConfirmationForm() {
  useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The answer about the link is kept with the token it is for, so a new
  // token reads as loading until its own answer arrives.
  const [checked, setChecked] = useState<{ token: string; load: Load } | null>(null);
  const load: Load = !token ? { state: 'none' } : checked?.token === token ? checked.load : { state: 'loading' };
  const [values, setValues] = useState<Values>(emptyValues);
  const [declineBusy, setBusy] = useState(false);
  const [finished, setFinished] = useState('');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (finished) doneRef.current?.focus();
  }, [finished]);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    getApproval(token, ctrl.signal).then(
      (info) => {
        setChecked({ token, load: { state: 'ready', info } });
        // The referrer only checks their address: it is the one the link went to.
        if (info.referrerEmail) setValues((v) => ({ ...v, referrerEmail: v.referrerEmail || (info.referrerEmail ?? '') }));
      },
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setChecked({ token, load: { state: 'unusable', message: messageOf(err, t('reg.cannotCheck')) } });
      },
    );
    return () => ctrl.abort();
  }, [token]);

  const text = (k: Exclude<keyof Values, 'statement'>) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));

  const { errors, busy: sending, submit, summary, draft } = useFormSubmit<Values>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: `reg-${token.slice(0, 12)}`, empty: emptyValues(), setValues },
    validate: validateConfirmation,
    send: async ({ statement: _statement, ...rest }) => {
      void _statement;
      const res = await approve({ token, ...rest, referrerSignedOn: dateValue(rest.referrerSignedOn) });
      // A confirmation the server holds for an admin's review says so.
      const held = Boolean(res?.message) && res.message !== 'User approved and saved successfully!';
      keepConfirmation(held ? 'approval-review' : 'approval');
      toast.success(held ? res.message : 'User approved and saved successfully!', { duration: 2000 });
      setFinished(held ? res.message : t('reg.confirmed'));
      timer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_MS);
    },
    failed: (err) => {
      toast.error(messageOf(err, 'Network error: ' + (err instanceof Error ? err.message : String(err))), { duration: 2000 });
      if (err instanceof ApiError && (err.status === 410 || err.status === 404)) setChecked({ token, load: { state: 'unusable', message: err.message } });
    },
  });

  const busy = sending || declineBusy;

  function onSubmit(e: FormEvent) {
    if (!token) {
      e.preventDefault();
      toast.error('Token not found in URL!', { duration: 2000 });
      return;
    }
    void submit(e, values, busy || Boolean(finished));
  }

  async function onDecline(e: FormEvent) {
    e.preventDefault();
    if (busy || !token) return;
    if (!reason.trim()) {
      setReasonError(t('reg.reasonRequired'));
      goToField(P, 'reason');
      return;
    }
    setReasonError('');
    setBusy(true);
    try {
      const res = await decline(token, reason.trim());
      toast.success(res.message);
      setFinished(res.message);
    } catch (err) {
      toast.error(messageOf(err, 'Network error: ' + (err instanceof Error ? err.message : String(err))));
      if (err instanceof ApiError && err.errors.reason) setReasonError(err.errors.reason);
    } finally {
      setBusy(false);
    }
  }

  // The original site's title, kept word for word in every language.
  const title = 'Confirmation by Srila Prabhupada Disciple or Authority';
  if (load.state === 'loading') {
    return (
      <section className="form-page" aria-labelledby="reg-title" aria-busy="true">
        <h1 id="reg-title">{title}</h1>
        <p role="status">{t('reg.checking')}</p>
      </section>
    );
  }
  if (load.state === 'unusable') {
    return (
      <section className="form-page" aria-labelledby="reg-title">
        <h1 id="reg-title">{title}</h1>
        <div className="form-alert" role="alert">
          <p>{load.message}</p>
        </div>
        <p>{tn('reg.help', {}, { link: (c) => <a href={paths.contact}>{c}</a> })}</p>
      </section>
    );
  }
  if (finished) {
    return (
      <section className="form-page" aria-labelledby="reg-title">
        <h1 id="reg-title">{title}</h1>
        <div className="form-note" role="status" tabIndex={-1} ref={doneRef}>
          <p>{finished}</p>
        </div>
      </section>
    );
  }

  const info = load.state === 'ready' ? load.info : null;
  const applicant = info?.applicantName || t('reg.theApplicant');
  return (
    <section className="form-page" aria-labelledby="reg-title">
      <h1 id="reg-title">{title}</h1>
      {info ? (
        <div className="form-note">
          <p className="form-intro">{t('reg.askedTo')}</p>
          <dl className="form-summary">
            <dt>{t('reg.applicant')}</dt>
            <dd>{info.applicantName}</dd>
            <dt>{t('disciple.initiationName')}</dt>
            <dd>{info.initiationName || t('check.notGiven')}</dd>
            <dt>{t('disciple.dateOfBirth')}</dt>
            <dd>{info.dateOfBirth ? formatDate(info.dateOfBirth) : t('check.notGiven')}</dd>
            <dt>{t('disciple.initiationDate')}</dt>
            <dd>{info.initiationDate ? formatDate(info.initiationDate) : t('check.notGiven')}</dd>
          </dl>
        </div>
      ) : (
        <p className="form-intro">{t('reg.openFromEmail')}</p>
      )}
      <form className="form-card" noValidate onSubmit={onSubmit} aria-label={t('reg.formLabel')}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
        <div className="form-row">
          <TextInput id={`${P}-referrerName`} label={t('reg.referrerName')} required autoComplete="name" value={values.referrerName} onChange={text('referrerName')} error={errors.referrerName} />
          <TextInput id={`${P}-referrerPosition`} label={t('reg.position')} required autoComplete="organization-title" value={values.referrerPosition} onChange={text('referrerPosition')} error={errors.referrerPosition} />
        </div>
        <div className="form-row">
          <TextInput id={`${P}-referrerContact`} label={t('disciple.contactNumber')} type="tel" required autoComplete="tel" value={values.referrerContact} onChange={text('referrerContact')} error={errors.referrerContact} />
          <TextInput id={`${P}-referrerEmail`} label={t('form.email')} type="email" required autoComplete="email" value={values.referrerEmail} onChange={text('referrerEmail')} error={errors.referrerEmail} />
        </div>
        <Checkbox
          id={`${P}-statement`}
          required
          label={t('reg.statement', { applicant })}
          checked={values.statement}
          onChange={(c) => setValues((s) => ({ ...s, statement: c }))}
          error={errors.statement}
        />
        <div className="form-row">
          <TextInput id={`${P}-referrerSignature`} label={t('reg.referrerSignature')} required value={values.referrerSignature} onChange={text('referrerSignature')} error={errors.referrerSignature} />
          <DateInput id={`${P}-referrerSignedOn`} legend={t('reg.referrerDate')} required value={values.referrerSignedOn} onChange={(d) => setValues((s) => ({ ...s, referrerSignedOn: d }))} error={errors.referrerSignedOn} />
        </div>
        <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
          {busy ? t('form.submitting') : 'Submit Registration'}
        </button>
        <ClearFormButton draft={draft} />
      </form>
      {info ? (
        <div className="form-actions">
          {!declining ? (
            <button type="button" className="btn form-secondary" aria-expanded="false" onClick={() => setDeclining(true)}>
              {t('reg.dontKnow')}
            </button>
          ) : (
            <form className="form-card" noValidate onSubmit={onDecline} aria-label={t('reg.declineLabel')} style={{ width: '100%' }}>
              <TextArea
                id={`${P}-reason`}
                label={t('reg.why')}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={reasonError}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears when the user asks to decline; focus follows them there
                autoFocus
              />
              <div className="form-actions">
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t('reg.decline')}
                </button>
                <button type="button" className="btn form-secondary" onClick={() => setDeclining(false)}>
                  {t('reg.cancel')}
                </button>
              </div>
            </form>
          )}
        </div>
      ) : null}
    </section>
  );
}
