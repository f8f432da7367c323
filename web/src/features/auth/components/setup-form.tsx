// First-admin setup at /setup/{token}: the link the server prints at its
// first start. The page first asks whether the link still works; then
// Full name, Email address and Password (the admin rule); on success the
// new admin is signed in and taken to the dashboard.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { usersFields } from '@/lib/entities.gen';
import { MIN_ADMIN_PASSWORD } from '@/lib/password-rules';
import { setSession } from '@/lib/session';
import { createFirstAdmin, setupLink } from '../api/auth-api';
import { serverErrors, TextInput } from '@/components/form/form-kit';
import { isEmail, passwordProblem } from './validate';
import './auth.css';

// The name and email follow the user's definition, as the server checks them.
const labels = { fullName: usersFields.fullName.label, email: usersFields.email.label, password: 'Password' } as const;
const MAX_NAME = usersFields.fullName.maxLength;
type Field = keyof typeof labels;
type LinkState = { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid'; message: string };

const ADMIN_RULE = `At least ${MIN_ADMIN_PASSWORD} characters, and not a common password. A few unrelated words make a good one.`;

export function SetupForm() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [values, setValues] = useState<Record<Field, string>>({ fullName: '', email: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    setupLink(token).then(
      () => live && setLink({ kind: 'valid' }),
      (err) => live && setLink({ kind: 'invalid', message: messageOf(err, 'This setup link cannot be checked now. Please try again.') }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  function validate(): Partial<Record<Field, string>> {
    const fe: Partial<Record<Field, string>> = {};
    if (!values.fullName.trim()) fe.fullName = 'Please enter your full name.';
    else if ([...values.fullName.trim()].length > MAX_NAME) fe.fullName = `Use at most ${MAX_NAME} characters.`;
    if (!values.email.trim()) fe.email = 'Please enter your email address.';
    else if (!isEmail(values.email)) fe.email = 'Please enter a valid email address, like name@example.com.';
    const pw = passwordProblem(values.password, true);
    if (pw) fe.password = pw;
    return fe;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fe = validate();
    setFieldErrors(fe);
    setError('');
    if (Object.keys(fe).length > 0) {
      document.getElementById(`setup-${Object.keys(fe)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await createFirstAdmin(token, {
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setSession(res.token, res.user);
      toast.success(res.message || 'Your admin account is ready.');
      navigate(paths.admin);
    } catch (err) {
      setError(messageOf(err, 'The admin account could not be created. Please try again.'));
      if (err instanceof ApiError) {
        setFieldErrors(serverErrors('setup', err.errors, Object.keys(labels)) as Partial<Record<Field, string>>);
        if (err.status === 404 || (err.status === 409 && !err.errors.email)) setLink({ kind: 'invalid', message: err.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page-section auth-page" aria-labelledby="setup-title">
      <div className="auth-card">
        <h1 id="setup-title">Create the first admin</h1>
        {link.kind === 'checking' ? <p role="status">Checking the setup link…</p> : null}
        {link.kind === 'invalid' ? (
          <>
            <p role="alert" className="auth-error">
              {link.message}
            </p>
            <p className="auth-links">
              <Link to={paths.login}>Go to Log In</Link>
            </p>
          </>
        ) : null}
        {link.kind === 'valid' ? (
          <>
            <p>This one-time link lets you create the site&apos;s first admin account. It works once, within an hour of the server&apos;s start.</p>
            {error ? (
              <p ref={errorRef} tabIndex={-1} role="alert" className="auth-error">
                {error}
              </p>
            ) : null}
            <form noValidate onSubmit={onSubmit}>
              <TextInput id="setup-fullName" label={labels.fullName} name="fullName" autoComplete="name" required maxLength={MAX_NAME}
                value={values.fullName} onChange={set('fullName')} error={fieldErrors.fullName} />
              <TextInput id="setup-email" label={labels.email} name="email" type="email" autoComplete="email" required
                value={values.email} onChange={set('email')} error={fieldErrors.email} />
              <TextInput id="setup-password" label={labels.password} name="password" type={showPassword ? 'text' : 'password'}
                autoComplete="new-password" required hint={ADMIN_RULE}
                value={values.password} onChange={set('password')} error={fieldErrors.password} />
              <label className="auth-check">
                <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> Show password
              </label>
              <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
                {busy ? 'Creating...' : 'Create admin'}
              </button>
            </form>
          </>
        ) : null}
      </div>
    </section>
  );
}
