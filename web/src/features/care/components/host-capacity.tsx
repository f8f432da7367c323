// How many elders the chosen host takes at once, beside the stay's dates:
// a stay that would take more on some night is refused, so the
// coordinator sees the number and can change it when the host says so.
import { useState } from 'react';
import { ApiError, messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { setHostCapacity, type HostOffer } from '../api/care-api';

export function HostCapacity({ host, onChanged }: { host: HostOffer; onChanged: (capacity: number) => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(host.capacity ?? 1));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `care-host-capacity-${host._id}`;
  async function save() {
    setBusy(true);
    setError('');
    try {
      const r = await setHostCapacity(host._id, value);
      onChanged(r.capacity);
      setEditing(false);
    } catch (err) {
      setError((err instanceof ApiError && err.errors?.capacity) || messageOf(err, t('care.saveFailed')));
    } finally {
      setBusy(false);
    }
  }
  if (!editing) {
    return (
      <p className="form-hint">
        {t('care.plan.hostCapacity', { n: host.capacity ?? 1 })}{' '}
        <button type="button" className="btn btn-small" onClick={() => setEditing(true)}>
          {t('care.plan.changeCapacity')}
        </button>
      </p>
    );
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('care.plan.capacityLabel')}</label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
      <div className="care-buttons">
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void save()}>
          {busy ? t('care.saving') : t('care.plan.saveCapacity')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setEditing(false)}>
          {t('care.cancel')}
        </button>
      </div>
    </div>
  );
}
