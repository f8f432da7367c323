// Forgot Password at /recoverpassword: one email field;
// 'Sending...' during the call; the answer as a toast.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api';
import { forgotPassword } from '../api/auth-api';
import { FormField } from './form-field';
import { isEmail, serverFieldText } from './validate';
import './auth.css';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setFieldError('Please enter your email address.');
    if (!isEmail(email)) return setFieldError('Please enter a valid email address, like name@example.com.');
    setFieldError('');
    setBusy(true);
    try {
      const res = await forgotPassword(email.trim());
      toast.success(res?.message || 'Password reset link sent!');
    } catch (err) {
      toast.error(messageOf(err, 'Something went wrong'));
      if (err instanceof ApiError && err.errors.email) setFieldError(serverFieldText('Email', err.errors.email));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page-section auth-page" aria-labelledby="forgot-title">
      <div className="auth-card">
        <h1 id="forgot-title">Forgot Password</h1>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        <form noValidate onSubmit={onSubmit}>
          <FormField id="forgot-email" label="Email address" name="email" type="email" autoComplete="email" required
            value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError} />
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
