// First-admin setup at /setup/{token}: the link the server prints at its
// first start. The page first asks whether the link still works; then
// Full name, Email address and Password (the admin rule); on success the
// new admin is signed in and taken to the dashboard.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { registerSchema } from '@/lib/schemas/register.gen';
import { MIN_ADMIN_PASSWORD } from '@/lib/password-rules';
import { setSession } from '@/lib/session';
import { createFirstAdmin, setupLink } from '../api/auth-api';
import { serverErrors, TextInput } from '@/components/form/form-kit';
import { isEmail, passwordProblem } from './validate';
import { t, useT } from '@/i18n';
import './auth.css';

// The name's length follows the user's definition, as the server checks it.
const FIELDS = ['fullName', 'email', 'password'] as const;
const MAX_NAME = registerSchema.fullName.max;
type Field = (typeof FIELDS)[number];
type LinkState = { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid'; message: string };

export function SetupForm() {
  useT();
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
      (err) => live && setLink({ kind: 'invalid', message: messageOf(err, t('setup.cannotCheck')) }),
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
    if (!values.fullName.trim()) fe.fullName = t('form.fullNameRequired');
    else if ([...values.fullName.trim()].length > MAX_NAME) fe.fullName = t('form.atMost', { n: MAX_NAME });
    if (!values.email.trim()) fe.email = t('form.emailRequired');
    else if (!isEmail(values.email)) fe.email = t('form.emailInvalid');
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
      toast.success(res.message || t('setup.ready'));
      navigate(paths.admin);
    } catch (err) {
      setError(messageOf(err, t('setup.failed')));
      if (err instanceof ApiError) {
        setFieldErrors(serverErrors('setup', err.errors, [...FIELDS]) as Partial<Record<Field, string>>);
        if (err.status === 404 || (err.status === 409 && !err.errors.email)) setLink({ kind: 'invalid', message: err.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page-section auth-page" aria-labelledby="setup-title">
      <div className="auth-card">
        <h1 id="setup-title">{t('setup.title')}</h1>
        {link.kind === 'checking' ? <p role="status">{t('setup.checking')}</p> : null}
        {link.kind === 'invalid' ? (
          <>
            <p role="alert" className="auth-error">
              {link.message}
            </p>
            <p className="auth-links">
              <Link to={paths.login}>{t('setup.goLogin')}</Link>
            </p>
          </>
        ) : null}
        {link.kind === 'valid' ? (
          <>
            <p>{t('setup.intro')}</p>
            {error ? (
              <p ref={errorRef} tabIndex={-1} role="alert" className="auth-error">
                {error}
              </p>
            ) : null}
            <form noValidate onSubmit={onSubmit}>
              <TextInput id="setup-fullName" label={t('register.fullName')} name="fullName" autoComplete="name" required maxLength={MAX_NAME}
                value={values.fullName} onChange={set('fullName')} error={fieldErrors.fullName} />
              <TextInput id="setup-email" label={t('register.email')} name="email" type="email" autoComplete="email" required
                value={values.email} onChange={set('email')} error={fieldErrors.email} />
              <TextInput id="setup-password" label={t('register.password')} name="password" type={showPassword ? 'text' : 'password'}
                autoComplete="new-password" required hint={t('setup.rule', { min: MIN_ADMIN_PASSWORD })}
                value={values.password} onChange={set('password')} error={fieldErrors.password} />
              <label className="auth-check">
                <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t('form.showPassword')}
              </label>
              <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
                {busy ? t('setup.creating') : t('setup.create')}
              </button>
            </form>
          </>
        ) : null}
      </div>
    </section>
  );
}
