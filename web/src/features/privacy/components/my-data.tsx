// My Account's "My data": a copy of everything held about me (a file, or
// a readable page), how to correct it, my consents with a Withdraw button
// each, a nominee, and deleting my account after typing my password.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
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
import './privacy.css';

const formName: Record<string, string> = {
  volunteer: 'Volunteer form',
  disciple: 'Disciple registration',
  host: 'Host offer',
  contact: 'Contact message',
  donation: 'Donation report',
};

export function MyData() {
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
      setNote({ ok: true, text: format === 'json' ? 'Your data was downloaded as my-data.json.' : 'Your data was downloaded as my-data.html: open it to read it.' });
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, 'Your data could not be downloaded. Please try again.') });
    } finally {
      setBusy('');
    }
  }

  return (
    <section className="mydata" aria-labelledby="mydata-title">
      <h2 id="mydata-title">My data</h2>
      <p>You can see everything we hold about you, correct it, withdraw your consent, name someone to act for you, or delete your account.</p>
      <div className="account-actions">
        <button type="button" className="btn btn-primary" disabled={busy !== ''} onClick={() => download('json')}>
          Download my data (file)
        </button>
        <button type="button" className="btn" disabled={busy !== ''} onClick={() => download('html')}>
          Download a readable copy
        </button>
      </div>
      {note ? (
        <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'account-ok' : 'account-error'}>
          {note.text}
        </p>
      ) : null}
      <h3>Correct my data</h3>
      <p>
        To correct your name, mobile or address, use <strong>Edit Profile / Change Password</strong> above. To correct a form you sent,
        send it again or write to us through the <Link to={paths.contact}>Contact page</Link>. Our{' '}
        <Link to={paths.privacy}>Privacy page</Link> says what we keep, why, for how long, and how to complain.
      </p>
      <h3>My consents</h3>
      {failed ? <p role="alert">Your consents could not be loaded. Please try again later.</p> : null}
      {consents === null && !failed ? <p role="status">Loading your consents…</p> : null}
      {consents && consents.length === 0 ? <p>You have not sent any forms while signed in.</p> : null}
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
  const name = formName[consent.form] ?? consent.form;
  async function withdraw() {
    try {
      const r = await withdrawConsent(consent._id);
      setMsg({ ok: true, text: r.message });
      onWithdrawn(r.consent);
    } catch (err) {
      setMsg({ ok: false, text: messageOf(err, 'Your consent could not be withdrawn. Please try again.') });
    }
    setAsking(false);
  }
  return (
    <li className="mydata-consent">
      <div>
        <strong>{name}</strong>, given on {formatDay(consent.givenAt)} (notice of {consent.noticeVersion})
        {consent.withdrawnAt ? <span>; withdrawn on {formatDay(consent.withdrawnAt)}</span> : null}
      </div>
      {!consent.withdrawnAt && !asking ? (
        <button type="button" className="btn" onClick={() => setAsking(true)} aria-label={`Withdraw consent: ${name}, ${formatDay(consent.givenAt)}`}>
          Withdraw
        </button>
      ) : null}
      {asking ? (
        <div className="mydata-confirm">
          <p>
            {consent.form === 'donation'
              ? 'The donation record is kept, because the law requires it for ten years, but it will be used for nothing else.'
              : 'The form you sent with this consent will be erased. This cannot be undone.'}
          </p>
          <button type="button" className="btn btn-primary" onClick={withdraw}>
            Yes, withdraw my consent
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            Keep it
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
      setMsg({ ok: false, text: messageOf(err, 'Your nominee could not be saved. Please try again.') });
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
      <h3 id="nominee-title">Someone to act for me</h3>
      <p>Name a person who may use these rights for you if you die or can no longer act yourself. Leave every box empty and save to remove them.</p>
      {field('name', 'Their name', 'text', 'off')}
      {field('email', 'Their email', 'email', 'off')}
      {field('phone', 'Their phone', 'tel', 'off')}
      <button type="submit" className="btn">
        Save nominee
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
      setError('Please type your password to confirm.');
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
      toast.success('Your account and your data have been deleted.', { duration: 8000 });
      navigate(paths.home, { replace: true });
    } catch (err) {
      setError(messageOf(err, 'Your account could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mydata-delete">
      <h3>Delete my account</h3>
      <p>
        Your account, the forms you sent and the emails about them are erased at once. Donation records are kept, apart from your account,
        because the law requires them for ten years.
      </p>
      <button type="button" className="btn btn-danger" onClick={open}>
        Delete my account…
      </button>
      <dialog ref={ref} className="account-dialog" aria-labelledby="delete-title">
        <form className="account-dialog-body" onSubmit={submit} noValidate>
          <h2 id="delete-title">Delete my account</h2>
          <p>This cannot be undone. Type your password to confirm.</p>
          <div className="account-field">
            <label htmlFor="delete-password">Password</label>
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
              Delete my account permanently
            </button>
            <button type="button" className="btn" onClick={() => ref.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
