// Forgot Password at /recoverpassword: one email field;
// 'Sending...' during the call; the answer as a toast.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { forgotPassword } from '../api/auth-api';
import { isEmail } from './validate';
import { ErrorSummary, TextInput, useFormSubmit } from '@/components/form/form-kit';
import './auth.css';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const values = { email };
  const { errors, busy, submit, summary } = useFormSubmit<typeof values>({
    prefix: 'forgot',
    order: ['email'],
    values,
    validate: (v) => {
      if (!v.email.trim()) return { email: 'Please enter your email address.' };
      if (!isEmail(v.email)) return { email: 'Please enter a valid email address, like name@example.com.' };
      return {};
    },
    send: async (v) => {
      const res = await forgotPassword(v.email.trim());
      toast.success(res?.message || 'Password reset link sent!');
    },
    failed: (err) => toast.error(messageOf(err, 'Something went wrong')),
  });

  return (
    <section className="page-section auth-page" aria-labelledby="forgot-title">
      <div className="auth-card">
        <h1 id="forgot-title">Forgot Password</h1>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        <form noValidate onSubmit={(e) => submit(e)}>
          <ErrorSummary {...summary} />
          <TextInput id="forgot-email" label="Email address" name="email" type="email" autoComplete="email" required
            value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {busy ? 'Sending...' : 'Reset password'}
          </button>
        </form>
        <p className="auth-links">
          <Link to={paths.login}>Back to Log In</Link>
        </p>
      </div>
    </section>
  );
}
