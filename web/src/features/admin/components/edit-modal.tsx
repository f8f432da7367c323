// 'Edit Entry': the editable fields of a record, with isAdmin and
// isApproved shown read-only. The client refusals of SPEC §4 run before
// the call; the server enforces the same rules.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { EDITABLE_FIELDS, updateEntry, type AdminRecord, type TabId } from '../api/admin';
import { labelOf } from './format';
import { Modal } from './modal';

const TOAST = { position: 'top-center', duration: 2000 } as const;
const LONG = new Set(['address', 'experience', 'motivation', 'skills', 'whyHost', 'otherInterest', 'accommodationOther', 'facilityOther']);

function inputType(key: string): string {
  if (/email/i.test(key)) return 'email';
  if (key === 'dateOfBirth' || key === 'initiationDate') return 'date';
  if (/mobile|contactNumber|phone/i.test(key)) return 'tel';
  return 'text';
}

export interface EditModalProps {
  tab: TabId;
  record: AdminRecord;
  onClose: () => void;
  onSaved: () => void;
}

export function EditModal({ tab, record, onClose, onSaved }: EditModalProps) {
  const fields = (EDITABLE_FIELDS[tab] ?? []).filter((k) => k in record);
  const [draft, setDraft] = useState<AdminRecord>(() => ({ ...record }));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();

  async function save(e: FormEvent) {
    e.preventDefault();
    if (tab === 'users' && draft.isAdmin === true && record.isAdmin !== true) {
      toast.error('Admin cannot promote user to admin.', TOAST);
      return;
    }
    if (tab === 'disciples' && draft.isApproved !== record.isApproved) {
      toast.error('Admin cannot approve disciples.', TOAST);
      return;
    }
    setSaving(true);
    try {
      await updateEntry(tab, draft);
      toast.success('Entry updated successfully!', TOAST);
      onSaved();
    } catch (err) {
      const fe = (err as { errors?: Record<string, string> }).errors;
      if (fe) setErrors(fe);
      toast.error(messageOf(err, 'Failed to update entry.'), TOAST);
    } finally {
      setSaving(false);
    }
  }

  const set = (key: string, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Modal
      title="Edit Entry"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={save} noValidate>
        {fields.map((key) => {
          const id = `${formId}-${key}`;
          const err = errors[key];
          const value = draft[key];
          const common = {
            id,
            name: key,
            'aria-invalid': err ? true : undefined,
            'aria-describedby': err ? `${id}-err` : Array.isArray(value) ? `${id}-hint` : undefined,
          } as const;
          return (
            <div className="admin-field" key={key}>
              <label htmlFor={id}>{labelOf(key)}</label>
              {Array.isArray(value) ? (
                <>
                  <textarea
                    {...common}
                    rows={3}
                    value={(value as string[]).join('\n')}
                    onChange={(e) => set(key, e.target.value.split('\n'))}
                  />
                  <span id={`${id}-hint`} className="admin-hint">
                    One entry per line.
                  </span>
                </>
              ) : LONG.has(key) ? (
                <textarea {...common} rows={3} value={String(value ?? '')} onChange={(e) => set(key, e.target.value)} />
              ) : (
                <input {...common} type={inputType(key)} value={String(value ?? '')} onChange={(e) => set(key, e.target.value)} />
              )}
              {err && (
                <span id={`${id}-err`} className="admin-error">
                  {err}
                </span>
              )}
            </div>
          );
        })}
        {(['isAdmin', 'isApproved'] as const)
          .filter((k) => k in record)
          .map((key) => (
            <div className="admin-field admin-check" key={key}>
              <input id={`${formId}-${key}`} type="checkbox" checked={draft[key] === true} disabled readOnly />
              <label htmlFor={`${formId}-${key}`}>{labelOf(key)} (read-only)</label>
            </div>
          ))}
      </form>
    </Modal>
  );
}
