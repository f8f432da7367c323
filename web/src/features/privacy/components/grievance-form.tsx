// The Privacy page's grievance section: the grievance officer from the
// site settings, and a form to write to them about one's personal data
// (to see, correct or erase it, or to complain), open to visitors.
import { useState, type FormEvent } from 'react';
import { ApiError, api, messageOf } from '@/lib/api';
import { useSite } from '@/lib/site-data';
import { formatDay } from '@/lib/dates';
import './privacy.css';

interface Sent {
  message: string;
  grievance: { _id: string; dueAt: string; createdAt: string };
}

export default function GrievanceSection() {
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
      setErrors({ message: 'Please write your request or complaint' });
      setError('Please write your request or complaint.');
      return;
    }
    setBusy(true);
    try {
      setSent(await api<Sent>('/grievances', { method: 'POST', body: form }));
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      setError(messageOf(err, 'Your request could not be sent. Please try again.'));
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
      <h2 id="grievance-title">Your rights and our grievance officer</h2>
      <p>
        You may ask what we hold about you, have it corrected or erased, withdraw your consent, or complain about how we used it. If you have
        an account, My Account does most of this at once. We answer every request within 90 days. If you are not satisfied, you may complain
        to the Data Protection Board of India.
      </p>
      {officer && (officer.name || officer.email || officer.phone) ? (
        <dl className="grievance-officer">
          <div>
            <dt>Grievance officer</dt>
            <dd>{officer.name || 'Not named yet'}</dd>
          </div>
          {officer.email ? (
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${officer.email}`}>{officer.email}</a>
              </dd>
            </div>
          ) : null}
          {officer.phone ? (
            <div>
              <dt>Phone</dt>
              <dd>{officer.phone}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {sent ? (
        <p role="status" className="account-ok">
          {sent.message} We received it on {formatDay(sent.grievance.createdAt)}; our answer is due by {formatDay(sent.grievance.dueAt)}.
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="grievance-form-title" className="grievance-form">
          <h3 id="grievance-form-title">Write to the grievance officer</h3>
          {field('name', 'Your name', 'text', 'name')}
          {field('email', 'Your email', 'email', 'email')}
          {field('phone', 'Your phone (if you have no email)', 'tel', 'tel')}
          <div className="account-field">
            <label htmlFor="grievance-message">Your request or complaint</label>
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
            Send my request
          </button>
        </form>
      )}
    </section>
  );
}
