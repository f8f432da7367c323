// A record in full: every field with its label, long text wrapped and
// whole (the table cuts it short), times with their hour, the reference
// first, so that an admin on the phone with the sender finds and reads
// everything in one place, and edits or deletes it from there.
import type { ReactNode } from 'react';
import { valueAt, type AdminRecord, type TabField } from '../api/admin';
import { formatWhen, textOf } from './format';
import { useT } from '@/i18n';
import { Modal } from './modal';

/** detailText is a field's value as the details show it. */
export function detailText(f: TabField, v: unknown): string {
  if ((f.kind === 'time' || f.kind === 'timePtr') && typeof v === 'string' && v) return formatWhen(v);
  if (f.kind === 'json' && v && typeof v === 'object') return JSON.stringify(v, null, 2);
  return textOf(f.key, v);
}

/** DetailList is every field of a record with its label, the reference
 * first, long text whole. */
export function DetailList({ fields, record }: { fields: TabField[]; record: AdminRecord }) {
  const ordered = [...fields.filter((f) => f.key === 'ref'), ...fields.filter((f) => f.key !== 'ref')];
  return (
    <dl className="admin-details">
      {ordered.map((f) => {
        const text = detailText(f, valueAt(record, f.key));
        return (
          <div key={f.key} className={f.long || f.kind === 'json' ? 'admin-details-row admin-details-long' : 'admin-details-row'}>
            <dt>{f.label}</dt>
            <dd className={f.key === 'ref' ? 'admin-details-ref' : undefined}>{text || '-'}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export function RecordDetails({ title, fields, record, onClose, actions }: {
  title: string;
  fields: TabField[];
  record: AdminRecord;
  onClose: () => void;
  /** actions are the record's own buttons (Edit, Delete). */
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          {actions}
          <button type="button" className="btn btn-small" onClick={onClose}>
            {t('admin.close')}
          </button>
        </>
      }
    >
      <DetailList fields={fields} record={record} />
    </Modal>
  );
}
