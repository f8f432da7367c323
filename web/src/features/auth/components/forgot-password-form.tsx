// Forgot Password at /recoverpassword: one email field;
// 'Sending...' during the call; the answer as a toast, and a confirmation
// that stays on every page until it is closed, as other forms leave.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { keepConfirmation } from '@/lib/confirmation';
import { forgotPassword } from '../api/auth-api';
import { isEmail } from './validate';
import { ErrorSummary, TextInput, useFormSubmit } from '@/components/form/form-kit';
import './auth.css';
import { t } from '@/i18n';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const values = { email };
  const { errors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'forgot',
    order: ['email'],
    values,
    validate: (v) => {
      if (!v.email.trim()) return { email: t('form.emailRequired') };
      if (!isEmail(v.email)) return { email: t('form.emailInvalid') };
      return {};
    },
    send: async (v) => {
      const res = await forgotPassword(v.email.trim());
      toast.success(res?.message || 'Password reset link sent!');
      keepConfirmation('reset-requested');
      setEmail('');
    },
    failed: (err) => toast.error(messageOf(err, 'Something went wrong')),
  });

  return (
    <section className="page-section auth-page" aria-labelledby="forgot-title">
      <div className="auth-card">
        <h1 id="forgot-title">{t('forgot.title')}</h1>
        <p>{t('forgot.intro')}</p>
        <form noValidate onSubmit={(e) => submit(e)}>
          <ErrorSummary {...summary} />
          <TextInput id="forgot-email" label={t('register.email')} name="email" type="email" autoComplete="email" required
            value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? 'Sending...' : t('forgot.submit')}
          </button>
        </form>
        <p className="auth-links">
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      </div>
    </section>
  );
}
