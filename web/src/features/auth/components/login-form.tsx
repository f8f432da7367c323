// Log In: Email or Phone, Password, Remember me; the
// error above the form; on success a 2 s toast, then admins go to /admin
// and others back to the page that sent them here, or home.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { setSession } from '@/lib/session';
import { login } from '../api/auth-api';
import { forgetSignedOut, peekSignedOut } from '@/lib/signed-out';
import { FormField } from './form-field';
import { serverFieldText } from './validate';
import './auth.css';

const REDIRECT_MS = 2000;

/** safeReturnPath accepts only a path on this site (never //other.host). */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (from === paths.login) return null;
  return from;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const timer = useRef<number | undefined>(undefined);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // Why the last session ended (an admin idle for 30 minutes), told once.
  const [signedOut] = useState(peekSignedOut);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => forgetSignedOut(), []);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fe: Record<string, string> = {};
    if (!identifier.trim()) fe.identifier = 'Please enter your email or phone.';
    if (!password) fe.password = 'Please enter your password.';
    setFieldErrors(fe);
    setError('');
    if (Object.keys(fe).length > 0) return;
    setBusy(true);
    try {
      const { token, user } = await login({ identifier: identifier.trim(), password, remember });
      setSession(token, user);
      setDone(true);
      toast.success(user.isAdmin ? 'Admin login successful!' : 'Login successful!', { duration: REDIRECT_MS });
      timer.current = window.setTimeout(() => {
        navigate(user.isAdmin ? paths.admin : (from ?? paths.home), { replace: true });
      }, REDIRECT_MS);
    } catch (err) {
      setError(messageOf(err, 'Login failed. Please try again.'));
      if (err instanceof ApiError) {
        setFieldErrors({
          identifier: serverFieldText('Email or Phone', err.errors.identifier ?? ''),
          password: serverFieldText('Password', err.errors.password ?? ''),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page-section auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title">Log In</h1>
        {signedOut && !error ? (
          <p role="status" className="auth-notice">
            {signedOut}
          </p>
        ) : null}
        {error ? (
          <p ref={errorRef} tabIndex={-1} role="alert" className="auth-error">
            {error}
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit}>
          <FormField
            id="login-identifier"
            label="Email or Phone"
            name="identifier"
            type="text"
            autoComplete="username"
            inputMode="email"
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            error={fieldErrors.identifier}
          />
          <FormField
            id="login-password"
            label="Password"
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
              <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> Show password
            </label>
            <label className="auth-check">
              <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
            </label>
          </div>
          <p className="auth-hint">Remember me keeps you signed in on this device for 30 days instead of one day.</p>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy || done}>
            {busy ? 'Logging in...' : 'Log In'}
          </button>
        </form>
        <p className="auth-links">
          <Link to={paths.recoverPassword}>Forgot your password?</Link>
        </p>
        <p className="auth-links">
          Don&apos;t have an account? <Link to={paths.register}>Register</Link>
        </p>
      </div>
    </section>
  );
}
