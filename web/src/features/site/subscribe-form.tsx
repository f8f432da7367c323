// The coming-soon page's subscribe form: saves the address through
// POST /api/subscribers. A repeated address gets the same thank-you.
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError, messageOf } from '@/lib/api';
import { t, useT } from '@/i18n';

export function SubscribeForm() {
  useT();
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
      setError(t('subscribe.required'));
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ message: string }>('/subscribers', { method: 'POST', body: { email } });
      setDone(res.message || t('subscribe.thanks'));
      setEmail('');
    } catch (err) {
      setError(err instanceof ApiError && err.errors.email ? err.errors.email : messageOf(err, t('subscribe.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="subscribe-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>{t('subscribe.label')}</label>
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
          {busy ? t('subscribe.saving') : t('subscribe.notify')}
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
