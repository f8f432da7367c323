// The Privacy page's grievance section: the grievance officer from the
// site settings, and a form to write to them about one's personal data
// (to see, correct or erase it, or to complain), open to visitors.
import { useState, type FormEvent } from 'react';
import { ApiError, api, messageOf } from '@/lib/api';
import { useSite } from '@/lib/site-data';
import { formatDay } from '@/lib/dates';
import { t, useT } from '@/i18n';
import './privacy.css';

interface Sent {
  message: string;
  grievance: { _id: string; dueAt: string; createdAt: string };
}

export default function GrievanceSection() {
  useT();
  const site = useSite();
  const officer = site?.settings.grievanceOfficer;
  const [form, setForm] = useState({ name: '', email: '', phone: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setError('');
    if (!form.message.trim()) {
      setErrors({ message: t('grievance.messageRequired') });
      setError(t('grievance.messageRequired'));
      return;
    }
    setBusy(true);
    try {
      setSent(await api<Sent>('/grievances', { method: 'POST', body: form }));
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      setError(messageOf(err, t('grievance.failed')));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <div className="account-field">
      <label htmlFor={`grievance-${key}`}>{label}</label>
      <input
        id={`grievance-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={form[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `grievance-${key}-error` : undefined}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
      {errors[key] ? (
        <p id={`grievance-${key}-error`} className="account-field-error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="page-section grievance" aria-labelledby="grievance-title">
      <h2 id="grievance-title">{t('grievance.title')}</h2>
      <p>{t('grievance.rights')}</p>
      {officer && (officer.name || officer.email || officer.phone) ? (
        <dl className="grievance-officer">
          <div>
            <dt>{t('grievance.officer')}</dt>
            <dd>
              {officer.name || t('grievance.notNamed')}
              {officer.title ? `, ${officer.title}` : null}
            </dd>
          </div>
          {officer.email ? (
            <div>
              <dt>{t('form.email')}</dt>
              <dd>
                <a href={`mailto:${officer.email}`}>{officer.email}</a>
              </dd>
            </div>
          ) : null}
          {officer.phone ? (
            <div>
              <dt>{t('form.phone')}</dt>
              <dd>{officer.phone}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {sent ? (
        <p role="status" className="account-ok">
          {sent.message} {t('grievance.received', { received: formatDay(sent.grievance.createdAt), due: formatDay(sent.grievance.dueAt) })}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="grievance-form-title" className="grievance-form">
          <h3 id="grievance-form-title">{t('grievance.formTitle')}</h3>
          {field('name', t('grievance.name'), 'text', 'name')}
          {field('email', t('grievance.email'), 'email', 'email')}
          {field('phone', t('grievance.phone'), 'tel', 'tel')}
          <div className="account-field">
            <label htmlFor="grievance-message">{t('grievance.message')}</label>
            <textarea
              id="grievance-message"
              rows={5}
              value={form.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'grievance-message-error' : undefined}
              onChange={(e) => setForm({ ...form, message: e.target.value })}
            />
            {errors.message ? (
              <p id="grievance-message-error" className="account-field-error">
                {errors.message}
              </p>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="account-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('grievance.send')}
          </button>
        </form>
      )}
    </section>
  );
}
