// The dashboard's "For elders" view: every form a helper sent on behalf of
// an elder, with how the elder consented and the witness; where a lawful
// guardian consented for a person who cannot, the admin records the
// guardian's order (name, court or authority, order reference and date).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/lazy-toaster';
import { ApiError, messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { formatDay, formatWhen } from '@/lib/dates';
import { languageLabel, methodLabel, type AssistedRecord } from '@/features/privacy/components/sent-for-others';
import { api } from '../../api/admin';
import { Field } from '../referrer-modals';
import './breaches.css';

const TOAST = { position: 'top-center', duration: 3000 } as const;

type Row = AssistedRecord & { helper: string; recordTable: string };
type Order = { name: string; authority: string; orderRef: string; orderDate: string };

export default function AssistedArea() {
  const t = useT();
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    api<{ assisted: Row[] }>('/admin/assisted').then(
      (r) => setRows(r.assisted),
      () => setRows([]),
    );
  }, []);
  if (!rows) return <p className="admin-empty">{t('admin.loading')}</p>;
  if (rows.length === 0) return <p className="admin-empty">{t('admin.assisted.none')}</p>;
  return (
    <ul className="breaches">
      {rows.map((a) => (
        <li key={a._id} className="breach">
          <p>
            {t('admin.assisted.sent', {
              table: a.recordTable,
              ref: a.ref,
              when: formatWhen(a.givenAt),
              helper: a.helper,
              method: methodLabel(a.consentMethod),
              language: languageLabel(a.noticeLanguage),
              witness: a.witnessName,
              contact: a.witnessContact,
            })}
          </p>
          {a.guardian ? (
            <p>
              {t('admin.assisted.guardian', {
                name: a.guardian.name,
                authority: a.guardian.authority,
                orderRef: a.guardian.orderRef,
                orderDate: formatDay(a.guardian.orderDate),
              })}
            </p>
          ) : null}
          {a.consentMethod === 'guardian' ? (
            <GuardianForm row={a} onSaved={(n) => setRows((rs) => (rs ?? []).map((x) => (x._id === n._id ? n : x)))} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function GuardianForm({ row, onSaved }: { row: Row; onSaved: (r: Row) => void }) {
  const t = useT();
  const form = useId();
  const [v, setV] = useState<Order>(row.guardian ?? { name: '', authority: '', orderRef: '', orderDate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Order) => (value: string) => setV((x) => ({ ...x, [k]: value }));
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api<{ message: string; assisted: Row }>(`/admin/assisted/${row._id}/guardian`, { method: 'PUT', body: v });
      setErrors({});
      toast.success(r.message, TOAST);
      onSaved(r.assisted);
    } catch (err) {
      setErrors(err instanceof ApiError ? err.errors : {});
      toast.error(messageOf(err, t('admin.assisted.orderFailed')), TOAST);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id={form} className="breach-form" onSubmit={save} noValidate aria-label={t('admin.assisted.orderForm')}>
      {row.guardianOrderNeeded ? <p className="breach-late">{t('admin.assisted.orderNeeded')}</p> : null}
      <Field form={form} name="name" label={t('admin.assisted.guardianName')} value={v.name} error={errors.name} onChange={set('name')} />
      <Field form={form} name="authority" label={t('admin.assisted.authority')} value={v.authority} error={errors.authority} onChange={set('authority')} />
      <Field form={form} name="orderRef" label={t('admin.assisted.orderRef')} value={v.orderRef} error={errors.orderRef} onChange={set('orderRef')} />
      <Field form={form} name="orderDate" label={t('admin.assisted.orderDate')} type="date" value={v.orderDate} error={errors.orderDate} onChange={set('orderDate')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('admin.saving') : t('admin.assisted.record')}
      </button>
    </form>
  );
}
