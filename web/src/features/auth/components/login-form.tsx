// Log In: Email or Phone, Password, Remember me; the
// error above the form; on success a 2 s toast, then admins go to /admin
// and others back to the page that sent them here, or home. An account
// with two-step sign-in is asked for its code on the same card next.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { isStaff, setSession, type SessionUser } from '@/lib/session';
import { login } from '../api/auth-api';
import { TwoStepForm } from './two-step-form';
import { forgetSignedOut, peekSignedOut } from '@/lib/signed-out';
import { ErrorSummary, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import './auth.css';
import { t, tn } from '@/i18n';

const REDIRECT_MS = 2000;

/** safeReturnPath accepts only a path on this site (never //other.host). */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (from === paths.login) return null;
  return from;
}

/** registeredEmail is the address the register form passed on, or ''. */
function registeredEmail(v: unknown): string {
  return typeof v === 'string' && v.includes('@') && v.length <= 254 ? v : '';
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  // Just registered: the new address is filled in, and a line says that
  // a link to confirm it is on its way.
  const registered = registeredEmail((location.state as { registered?: unknown } | null)?.registered);
  const [identifier, setIdentifier] = useState(registered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  // challenge: the password was right and the code comes next.
  const [challenge, setChallenge] = useState('');
  const timer = useRef<number | undefined>(undefined);

  // Why the last session ended (an admin idle for 30 minutes), told once.
  const [signedOut] = useState(peekSignedOut);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => forgetSignedOut(), []);

  const values = { identifier, password };
  const { errors: fieldErrors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'login',
    order: ['identifier', 'password'],
    values,
    validate: (v) => {
      const fe: FieldErrors = {};
      if (!v.identifier.trim()) fe.identifier = t('login.identifierRequired');
      if (!v.password) fe.password = t('login.passwordRequired');
      return fe;
    },
    send: async (v) => {
      setError('');
      const answer = await login({ identifier: v.identifier.trim(), password: v.password, remember });
      if ('twoStep' in answer) {
        setPassword('');
        setChallenge(answer.challenge);
        return;
      }
      signedIn(answer.token, answer.user);
    },
    failed: (err) => setError(err instanceof ApiError && err.status === 400 && Object.keys(err.errors).length > 0 ? '' : messageOf(err, 'Login failed. Please try again.')),
  });

  function signedIn(token: string, user: SessionUser) {
    setSession(token, user);
    setDone(true);
    toast.success(user.isAdmin ? 'Admin login successful!' : 'Login successful!', { duration: REDIRECT_MS });
    timer.current = window.setTimeout(() => {
      navigate(isStaff(user) ? paths.admin : (from ?? paths.home), { replace: true });
    }, REDIRECT_MS);
  }

  if (challenge) {
    return (
      <section className="page-section auth-page" aria-labelledby="login-title">
        <div className="auth-card">
          <h1 id="login-title">{t('twoStep.title')}</h1>
          <TwoStepForm
            challenge={challenge}
            onSignedIn={signedIn}
            onEnded={(message) => {
              setChallenge('');
              setError(message);
            }}
          />
          <p className="auth-links">
            <button type="button" className="link-button" onClick={() => setChallenge('')}>
              {t('twoStep.back')}
            </button>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="page-section auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title">{t('login.title')}</h1>
        {registered && !done ? (
          <p role="status" className="auth-notice">
            {t('login.confirmOnWay', { email: registered })}
          </p>
        ) : null}
        {signedOut && !error ? (
          <p role="status" className="auth-notice">
            {signedOut}
          </p>
        ) : null}
        <form noValidate onSubmit={(e) => submit(e, values, done)}>
          <ErrorSummary {...summary} notice={error || summary.notice} />
          <TextInput
            id="login-identifier"
            label={t('login.identifier')}
            name="identifier"
            type="text"
            autoComplete="username"
            inputMode="email"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            error={fieldErrors.identifier}
          />
          <TextInput
            id="login-password"
            label={t('login.password')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
          />
          <div className="auth-row">
            <label className="auth-check">
              <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t('form.showPassword')}
            </label>
            <label className="auth-check">
              <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('login.remember')}
            </label>
          </div>
          <p className="auth-hint">{t('login.rememberHint')}</p>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy || done}>
            {busy ? 'Logging in...' : t('login.title')}
          </button>
        </form>
        <p className="auth-links">
          <Link to={paths.recoverPassword}>{t('login.forgot')}</Link>
        </p>
        <p className="auth-links">
          {tn('login.noAccount', {}, { link: (c) => <Link to={paths.register}>{c}</Link> })}
        </p>
      </div>
    </section>
  );
}
