// The coming-soon page's subscribe form: saves the address through
// POST /api/subscribers. A repeated address gets the same thank-you.
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError, messageOf } from '@/lib/api';

export function SubscribeForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setDone('');
    if (!email.trim()) {
      setError('Please enter your email address.');
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ message: string }>('/subscribers', { method: 'POST', body: { email } });
      setDone(res.message || 'Thank you!');
      setEmail('');
    } catch (err) {
      setError(err instanceof ApiError && err.errors.email ? err.errors.email : messageOf(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="subscribe-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>Your email address</label>
      <div className="subscribe-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Notify me'}
        </button>
      </div>
      <div aria-live="polite" className="form-status">
        {error && (
          <p id={`${id}-err`} className="field-error">
            {error}
          </p>
        )}
        {done && <p className="form-success">{done}</p>}
      </div>
    </form>
  );
}
