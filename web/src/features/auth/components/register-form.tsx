// Register: Full name, Email address, Mobile no.,
// Password with a working Show password; a 2 s toast, then /login.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { register } from '../api/auth-api';
import { passwordRule, passwordProblem } from './validate';
import { ClearFormButton, DraftNotice, ErrorSummary, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkFields } from '@/components/form/check-fields';
import { registerSchema } from '@/lib/schemas/register.gen';
import { keepConfirmation } from '@/lib/confirmation';
import './auth.css';
import { t, tn } from '@/i18n';

const REDIRECT_MS = 2000;
type Field = 'fullName' | 'email' | 'mobile' | 'password';
const label = (f: Field) => t(`register.${f}`);

const ORDER = ['fullName', 'email', 'mobile', 'password'] as const;
type Values = Record<Field, string>;
const EMPTY: Values = { fullName: '', email: '', mobile: '', password: '' };

/** validateRegister is the page's own check before the server's: the
 * account's schema and the password rules. */
export function validateRegister(values: Values): FieldErrors {
  const fe = checkFields(registerSchema, values, ['fullName', 'email', 'mobile']);
  const pw = passwordProblem(values.password);
  if (pw) fe.password = pw;
  return fe;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  const [registered, setRegistered] = useState('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  const { errors: fieldErrors, busy, submit, summary, draft } = useFormSubmit<Values>({
    prefix: 'register',
    order: ORDER,
    values,
    draft: { form: 'register', empty: EMPTY, setValues },
    validate: validateRegister,
    send: async (v) => {
      setError('');
      await register({ fullName: v.fullName.trim(), email: v.email.trim(), mobile: v.mobile.trim(), password: v.password });
      keepConfirmation('account');
      // The filled form leaves the screen at once; the sign-in form is
      // opened with the new address in it.
      const email = v.email.trim();
      setValues(EMPTY);
      setDone(true);
      setRegistered(email);
      toast.success('User registered successfully! Please login.', { duration: REDIRECT_MS });
      timer.current = window.setTimeout(() => navigate(paths.login, { state: { registered: email } }), REDIRECT_MS);
    },
    // The summary says what the server said, except for a 400 whose field
    // problems it lists already.
    failed: (err) => setError(err instanceof ApiError && err.status === 400 && Object.keys(err.errors).length > 0 ? '' : messageOf(err, 'Registration failed. Please try again.')),
  });

  return (
    <section className="page-section auth-page" aria-labelledby="register-title">
      <div className="auth-card">
        <h1 id="register-title">{t('register.title')}</h1>
        {registered ? (
          <p role="status" className="auth-notice">
            {t('register.done', { email: registered })}
          </p>
        ) : (
        <form noValidate onSubmit={(e) => submit(e, values, done)}>
          <DraftNotice draft={draft} />
        <ErrorSummary {...summary} notice={error || summary.notice} />
          <TextInput id="register-fullName" label={label('fullName')} name="fullName" autoComplete="name" required maxLength={200}
            value={values.fullName} onChange={set('fullName')} error={fieldErrors.fullName} />
          <TextInput id="register-email" label={label('email')} name="email" type="email" autoComplete="email" required
            value={values.email} onChange={set('email')} error={fieldErrors.email} />
          <TextInput id="register-mobile" label={label('mobile')} name="mobile" type="tel" autoComplete="tel" required
            hint={t('form.mobileHint')}
            value={values.mobile} onChange={set('mobile')} error={fieldErrors.mobile} />
          <TextInput id="register-password" label={label('password')} name="password" type={showPassword ? 'text' : 'password'}
            autoComplete="new-password" required hint={passwordRule()}
            value={values.password} onChange={set('password')} error={fieldErrors.password} />
          <label className="auth-check">
            <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t('form.showPassword')}
          </label>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy || done}>
            {busy ? 'Registering...' : t('register.title')}
          </button>
        <ClearFormButton draft={draft} />
        </form>
        )}
        <p className="auth-links">
          {tn('register.haveAccount', {}, { link: (c) => <Link to={paths.login}>{c}</Link> })}
        </p>
      </div>
    </section>
  );
}
