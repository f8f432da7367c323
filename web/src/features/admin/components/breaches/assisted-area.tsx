// The dashboard's "For elders" view: every form a helper sent on behalf of
// an elder, with how the elder consented and the witness; where a lawful
// guardian consented for a person who cannot, the admin records the
// guardian's order (name, court or authority, order reference and date).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError, messageOf } from '@/lib/api';
import { formatDay, formatWhen } from '@/lib/dates';
import { languageLabel, methodLabel, type AssistedRecord } from '@/features/privacy/components/sent-for-others';
import { api } from '../../api/admin';
import { Field } from '../referrer-modals';
import './breaches.css';

const TOAST = { position: 'top-center', duration: 3000 } as const;

type Row = AssistedRecord & { helper: string; recordTable: string };
type Order = { name: string; authority: string; orderRef: string; orderDate: string };

export default function AssistedArea() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    api<{ assisted: Row[] }>('/admin/assisted').then(
      (r) => setRows(r.assisted),
      () => setRows([]),
    );
  }, []);
  if (!rows) return <p className="admin-empty">Loading…</p>;
  if (rows.length === 0) return <p className="admin-empty">No form has been sent on behalf of an elder.</p>;
  return (
    <ul className="breaches">
      {rows.map((a) => (
        <li key={a._id} className="breach">
          <p>
            <strong>{a.recordTable}</strong> {a.ref} sent on {formatWhen(a.givenAt)} by {a.helper}. Consent: {methodLabel(a.consentMethod)}; notice
            in {languageLabel(a.noticeLanguage)}; witness {a.witnessName} ({a.witnessContact}).
          </p>
          {a.guardian ? (
            <p>
              Guardian {a.guardian.name}, appointed by {a.guardian.authority}, order {a.guardian.orderRef} of {formatDay(a.guardian.orderDate)}.
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
      toast.error(messageOf(err, 'The order could not be saved. Please try again.'), TOAST);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id={form} className="breach-form" onSubmit={save} noValidate aria-label="The guardian's order">
      {row.guardianOrderNeeded ? <p className="breach-late">The guardian’s order is not recorded yet.</p> : null}
      <Field form={form} name="name" label="Guardian’s name" value={v.name} error={errors.name} onChange={set('name')} />
      <Field form={form} name="authority" label="Court or authority that appointed them" value={v.authority} error={errors.authority} onChange={set('authority')} />
      <Field form={form} name="orderRef" label="Order reference" value={v.orderRef} error={errors.orderRef} onChange={set('orderRef')} />
      <Field form={form} name="orderDate" label="Date of the order" type="date" value={v.orderDate} error={errors.orderDate} onChange={set('orderDate')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Record the guardian’s order'}
      </button>
    </form>
  );
}
