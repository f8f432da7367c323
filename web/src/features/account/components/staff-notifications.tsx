// My Account, for admins: how to hear of new submissions — an email for
// each, or a daily summary at a chosen time in the program's time zone.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { getNotifyPrefs, setNotifyPrefs, type NotifyPrefs } from '../api/notifications-api';

export default function StaffNotifications() {
  const t = useT();
  const id = useId();
  const [prefs, setPrefs] = useState<NotifyPrefs | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    getNotifyPrefs(ctrl.signal).then(setPrefs, () => undefined);
    return () => ctrl.abort();
  }, []);

  if (!prefs) return null;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!prefs) return;
    setSaving(true);
    setError('');
    setStatus('');
    try {
      setPrefs(await setNotifyPrefs(prefs));
      setStatus(t('account.notify.saved'));
    } catch (err) {
      setError(err instanceof ApiError && err.errors.digestAt ? t('account.notify.timeError', { error: err.errors.digestAt }) : messageOf(err, t('account.notify.failed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.notify.title')}</h2>
      <form onSubmit={save} noValidate>
        <fieldset className="account-field">
          <legend>{t('account.notify.legend')}</legend>
          <label>
            <input type="radio" name="notify" checked={prefs.notify === 'immediate'} onChange={() => setPrefs({ ...prefs, notify: 'immediate' })} />{' '}
            {t('account.notify.immediate')}
          </label>
          <label>
            <input type="radio" name="notify" checked={prefs.notify === 'digest'} onChange={() => setPrefs({ ...prefs, notify: 'digest' })} />{' '}
            {t('account.notify.digest')}
          </label>
        </fieldset>
        {prefs.notify === 'digest' && (
          <div className="account-field">
            <label htmlFor={`${id}-at`}>{t('account.notify.time', { zone: prefs.timeZone ?? 'Asia/Kolkata' })}</label>
            <input
              id={`${id}-at`}
              type="time"
              value={prefs.digestAt}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => setPrefs({ ...prefs, digestAt: e.target.value })}
            />
          </div>
        )}
        {error && (
          <p id={`${id}-err`} role="alert" className="account-field-error">
            {error}
          </p>
        )}
        <p role="status">{status}</p>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t('account.notify.save')}
        </button>
      </form>
    </section>
  );
}
