// Reset Password at /reset-password/{token}: the link is checked as soon
// as the page opens, so a used, expired or unknown link is explained (with
// the way to ask for a new one) before anyone types. Then New and Confirm
// Password; a mismatch is a toast and no call; 'Resetting...'; on success
// a toast and /login after 3 s.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { checkResetLink, resetPassword } from '../api/auth-api';
import { passwordRule, passwordProblem } from './validate';
import { ErrorSummary, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { keepConfirmation } from '@/lib/confirmation';
import { closeConfirmation, readConfirmation } from '@/lib/confirmation-read';
import './auth.css';
import { t, tn } from '@/i18n';

const REDIRECT_MS = 3000;

export function ResetPasswordForm() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [done, setDone] = useState(false);
  // What the server said of the link, kept with the token it is about.
  const [link, setLink] = useState<{ token: string; unusable: string } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const ctrl = new AbortController();
    checkResetLink(token, ctrl.signal).then(
      () => {
        // The link asked for has come: the note that it was asked for is done.
        if (readConfirmation()?.kind === 'reset-requested') closeConfirmation();
        setLink({ token, unusable: '' });
      },
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        // Only the server's no is final; without an answer the form stays usable.
        const no = err instanceof ApiError && (err.status === 404 || err.status === 410);
        setLink({ token, unusable: no ? messageOf(err, t('reset.unusable')) : '' });
      },
    );
    return () => ctrl.abort();
  }, [token]);
  const checking = link?.token !== token;
  const unusable = link?.token === token ? link.unusable : '';

  const values = { password, confirm };
  const { errors: fieldErrors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'reset',
    order: ['password', 'confirm'],
    values,
    validate: (v) => {
      const fe: FieldErrors = {};
      const pw = passwordProblem(v.password);
      if (pw) fe.password = pw;
      if (!v.confirm) fe.confirm = t('reset.confirmRequired');
      else if (!pw && v.password !== v.confirm) fe.confirm = 'Passwords do not match';
      return fe;
    },
    send: async (v) => {
      const res = await resetPassword(token, v.password);
      keepConfirmation('password');
      setDone(true);
      toast.success(res?.message || 'Password reset successful!');
      timer.current = window.setTimeout(() => navigate(paths.login), REDIRECT_MS);
    },
    failed: (err) => {
      toast.error(messageOf(err, 'Something went wrong'));
      // The link stopped working while the page was open: say so as on opening.
      if (err instanceof ApiError && err.errors.token) setLink({ token, unusable: err.message });
    },
  });

  function onSubmit(e: FormEvent) {
    // A mismatch is also said by a toast, as before.
    if (password && confirm && !passwordProblem(password) && password !== confirm) toast.error('Passwords do not match');
    void submit(e, values, done);
  }

  if (checking || unusable) {
    return (
      <section className="page-section auth-page" aria-labelledby="reset-title" aria-busy={checking || undefined}>
        <div className="auth-card">
          <h1 id="reset-title">{t('reset.title')}</h1>
          {checking ? (
            <p role="status">{t('reset.checking')}</p>
          ) : (
            <>
              <div className="auth-error" role="alert">
                <p>{unusable}</p>
              </div>
              <p>
                <Link className="btn btn-primary" to={paths.recoverPassword}>
                  {t('reset.askNew')}
                </Link>
              </p>
              <p>
                {tn('reset.help', {}, { login: (c) => <Link to={paths.login}>{c}</Link>, contact: (c) => <Link to={paths.contact}>{c}</Link> })}
              </p>
            </>
          )}
        </div>
      </section>
    );
  }

  return (
    <section className="page-section auth-page" aria-labelledby="reset-title">
      <div className="auth-card">
        <h1 id="reset-title">{t('reset.title')}</h1>
        <form noValidate onSubmit={onSubmit}>
          <ErrorSummary {...summary} />
          <TextInput id="reset-password" label={t('reset.newPassword')} name="password" type={showPassword ? 'text' : 'password'}
            autoComplete="new-password" required hint={passwordRule()}
            value={password} onChange={(e) => setPassword(e.target.value)} error={fieldErrors.password} />
          <TextInput id="reset-confirm" label={t('reset.confirmPassword')} name="confirm" type={showPassword ? 'text' : 'password'}
            autoComplete="new-password" required
            value={confirm} onChange={(e) => setConfirm(e.target.value)} error={fieldErrors.confirm} />
          <label className="auth-check">
            <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t('form.showPassword')}
          </label>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy || done}>
            {busy ? 'Resetting...' : t('reset.title')}
          </button>
        </form>
        <p className="auth-links">
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      </div>
    </section>
  );
}
