// My Account's "My data": a copy of everything held about me (a file, or
// a readable page), how to correct it, my consents with a Withdraw button
// each, a nominee, and deleting my account after typing my password.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { messageOf, ApiError } from '@/lib/api';
import { clearSession } from '@/lib/session';
import { formatDay } from '@/lib/dates';
import {
  deleteMyAccount,
  downloadMyData,
  getMyData,
  saveNominee,
  withdrawConsent,
  type ConsentRecord,
  type Nominee,
} from '../api/privacy-api';
import { SentForOthers } from './sent-for-others';
import { t, tn, useT } from '@/i18n';
import './privacy.css';

const FORMS: Record<string, string> = {
  volunteer: 'myData.form.volunteer',
  disciple: 'account.assisted.form.disciple',
  host: 'account.assisted.form.host',
  contact: 'account.assisted.form.contact',
  donation: 'account.assisted.form.donation',
};

/** formName names the form a consent was given on. */
function formName(form: string): string {
  return FORMS[form] ? t(FORMS[form]) : form;
}

export function MyData() {
  useT();
  const [consents, setConsents] = useState<ConsentRecord[] | null>(null);
  const [nominee, setNominee] = useState<Nominee | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getMyData(ctrl.signal).then(
      (d) => {
        setConsents(d.consents ?? []);
        setNominee(d.nominee);
      },
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(true);
      },
    );
    return () => ctrl.abort();
  }, []);

  async function download(format: 'json' | 'html') {
    setBusy(format);
    setNote(null);
    try {
      await downloadMyData(format);
      setNote({ ok: true, text: format === 'json' ? t('myData.downloadedFile') : t('myData.downloadedPage') });
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, t('myData.downloadFailed')) });
    } finally {
      setBusy('');
    }
  }

  return (
    <section className="mydata" aria-labelledby="mydata-title">
      <h2 id="mydata-title">{t('myData.title')}</h2>
      <p>{t('myData.intro')}</p>
      <div className="account-actions">
        <button type="button" className="btn btn-primary" disabled={busy !== ''} onClick={() => download('json')}>
          {t('myData.downloadFile')}
        </button>
        <button type="button" className="btn" disabled={busy !== ''} onClick={() => download('html')}>
          {t('myData.downloadPage')}
        </button>
      </div>
      {note ? (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'account-ok' : 'account-error'}>
          {note.text}
        </p>
      ) : null}
      <h3>{t('myData.correctTitle')}</h3>
      <p>
        {tn(
          'myData.correct',
          { edit: t('account.edit') },
          {
            b: (c) => <strong>{c}</strong>,
            contact: (c) => <Link to={paths.contact}>{c}</Link>,
            privacy: (c) => <Link to={paths.privacy}>{c}</Link>,
          },
        )}
      </p>
      <h3>{t('myData.consentsTitle')}</h3>
      {failed ? <p role="alert">{t('myData.consentsFailed')}</p> : null}
      {consents === null && !failed ? <p role="status">{t('myData.consentsLoading')}</p> : null}
      {consents && consents.length === 0 ? <p>{t('myData.consentsNone')}</p> : null}
      {consents && consents.length > 0 ? (
        <ul className="mydata-consents">
          {consents.map((c) => (
            <ConsentItem key={c._id} consent={c} onWithdrawn={(nc) => setConsents((cs) => (cs ?? []).map((x) => (x._id === nc._id ? nc : x)))} />
          ))}
        </ul>
      ) : null}
      <SentForOthers />
      {consents !== null ? <NomineeForm nominee={nominee} onSaved={setNominee} /> : null}
      <DeleteAccount />
    </section>
  );
}

function ConsentItem({ consent, onWithdrawn }: { consent: ConsentRecord; onWithdrawn: (c: ConsentRecord) => void }) {
  const [asking, setAsking] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const name = formName(consent.form);
  async function withdraw() {
    try {
      const r = await withdrawConsent(consent._id);
      setMsg({ ok: true, text: r.message });
      onWithdrawn(r.consent);
    } catch (err) {
      setMsg({ ok: false, text: messageOf(err, t('myData.withdrawFailed')) });
    }
    setAsking(false);
  }
  return (
    <li className="mydata-consent">
      <div>
        {tn('myData.given', { form: name, day: formatDay(consent.givenAt), version: consent.noticeVersion }, { b: (c) => <strong>{c}</strong> })}
        {consent.withdrawnAt ? <span>{t('myData.withdrawnOn', { day: formatDay(consent.withdrawnAt) })}</span> : null}
      </div>
      {!consent.withdrawnAt && !asking ? (
        <button type="button" className="btn" onClick={() => setAsking(true)} aria-label={t('myData.withdrawLabel', { form: name, day: formatDay(consent.givenAt) })}>
          {t('myData.withdraw')}
        </button>
      ) : null}
      {asking ? (
        <div className="mydata-confirm">
          <p>
            {consent.form === 'donation'
              ? t('myData.withdrawDonation')
              : t('myData.withdrawErase')}
          </p>
          <button type="button" className="btn btn-primary" onClick={withdraw}>
            {t('myData.withdrawYes')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('myData.keep')}
          </button>
        </div>
      ) : null}
      {msg ? (
        <p role={msg.ok ? 'status' : 'alert'} className={msg.ok ? 'account-ok' : 'account-error'}>
          {msg.text}
        </p>
      ) : null}
    </li>
  );
}

function NomineeForm({ nominee, onSaved }: { nominee: Nominee | null; onSaved: (n: Nominee | null) => void }) {
  const [form, setForm] = useState<Nominee>({ name: nominee?.name ?? '', email: nominee?.email ?? '', phone: nominee?.phone ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const r = await saveNominee(form);
      setMsg({ ok: true, text: r.message });
      onSaved(r.nominee);
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      setMsg({ ok: false, text: messageOf(err, t('myData.nomineeFailed')) });
    }
  }
  const field = (key: keyof Nominee, label: string, type: string, autoComplete: string) => (
    <div className="account-field">
      <label htmlFor={`nominee-${key}`}>{label}</label>
      <input
        id={`nominee-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={form[key] ?? ''}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `nominee-${key}-error` : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
      {errors[key] ? (
        <p id={`nominee-${key}-error`} className="account-field-error">
          {label} {errors[key]}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="mydata-nominee" onSubmit={submit} noValidate aria-labelledby="nominee-title">
      <h3 id="nominee-title">{t('myData.nomineeTitle')}</h3>
      <p>{t('myData.nomineeIntro')}</p>
      {field('name', t('myData.nomineeName'), 'text', 'off')}
      {field('email', t('myData.nomineeEmail'), 'email', 'off')}
      {field('phone', t('myData.nomineePhone'), 'tel', 'off')}
      <button type="submit" className="btn">
        {t('myData.nomineeSave')}
      </button>
      {msg ? (
        <p role={msg.ok ? 'status' : 'alert'} className={msg.ok ? 'account-ok' : 'account-error'}>
          {msg.text}
        </p>
      ) : null}
    </form>
  );
}

function DeleteAccount() {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);
  useEffect(() => () => {
    if (deleted.current) clearSession();
  }, []);
  function open() {
    setPassword('');
    setError('');
    const d = ref.current;
    if (d && typeof d.showModal === 'function') d.showModal();
    else d?.setAttribute('open', '');
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setError(t('myData.passwordRequired'));
      return;
    }
    setBusy(true);
    try {
      await deleteMyAccount(password);
      ref.current?.close();
      // The session is forgotten when this protected page has gone (see
      // the effect above), so that the page does not send the visitor to
      // Login on its way out.
      deleted.current = true;
      toast.success(t('myData.deleted'), { duration: 8000 });
      navigate(paths.home, { replace: true });
    } catch (err) {
      setError(messageOf(err, t('myData.deleteFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mydata-delete">
      <h3>{t('myData.deleteTitle')}</h3>
      <p>{t('myData.deleteIntro')}</p>
      <button type="button" className="btn btn-danger" onClick={open}>
        {t('myData.deleteOpen')}
      </button>
      <dialog ref={ref} className="account-dialog" aria-labelledby="delete-title">
        <form className="account-dialog-body" onSubmit={submit} noValidate>
          <h2 id="delete-title">{t('myData.deleteTitle')}</h2>
          <p>{t('myData.deleteConfirm')}</p>
          <div className="account-field">
            <label htmlFor="delete-password">{t('myData.password')}</label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error ? (
            <p id="delete-error" role="alert" className="account-error">
              {error}
            </p>
          ) : null}
          <div className="account-actions">
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {t('myData.deleteForever')}
            </button>
            <button type="button" className="btn" onClick={() => ref.current?.close()}>
              {t('myData.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
