// 'Edit Entry': the editable fields of a record, with isAdmin and
// isApproved shown read-only. The client refuses edits to admin records
// before the call; the server enforces the same rules.
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import { updateEntry, type AdminRecord, type TabInfo, type TabField } from '../api/admin';
import { Modal } from './modal';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** The input type of a field's format, so the browser offers the right keyboard. */
function inputType(f: TabField): string {
  if (f.format === 'email') return 'email';
  if (f.format === 'date') return 'date';
  if (f.format === 'phone') return 'tel';
  return 'text';
}

export interface EditModalProps {
  tab: TabInfo;
  record: AdminRecord;
  onClose: () => void;
  onSaved: () => void;
}

export function EditModal({ tab, record, onClose, onSaved }: EditModalProps) {
  // The fields the server lets an admin change, with its rules.
  // The owner is chosen by name in the record's details, not typed as an id.
  const fields = tab.fields.filter((f) => f.editable && f.key in record && f.key !== 'assigneeId');
  const flags = tab.fields.filter((f) => f.kind === 'bool' && (f.key === 'isAdmin' || f.key === 'isApproved'));
  const [draft, setDraft] = useState<AdminRecord>(() => ({ ...record }));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const t = useT();

  async function save(e: FormEvent) {
    e.preventDefault();
    if (tab.name === 'users' && draft.isAdmin === true && record.isAdmin !== true) {
      toast.error('Admin cannot promote user to admin.', TOAST);
      return;
    }
    if (tab.name === 'disciples' && draft.isApproved !== record.isApproved) {
      toast.error('Admin cannot approve disciples.', TOAST);
      return;
    }
    setSaving(true);
    try {
      await updateEntry(tab.name, draft);
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
            {t('admin.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {saving ? t('admin.saving') : t('admin.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-form" onSubmit={save} noValidate>
        {fields.map((f) => {
          const key = f.key;
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
              <label htmlFor={id}>{f.label}</label>
              {f.kind === 'list' ? (
                <>
                  <textarea
                    {...common}
                    rows={3}
                    value={(Array.isArray(value) ? (value as string[]) : []).join('\n')}
                    onChange={(e) => set(key, e.target.value.split('\n'))}
                  />
                  <span id={`${id}-hint`} className="admin-hint">
                    {t('admin.onePerLine')}
                  </span>
                </>
              ) : f.format === 'option' ? (
                <select {...common} value={String(value ?? '')} onChange={(e) => set(key, e.target.value)}>
                  <option value="">—</option>
                  {(f.options ?? []).map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : f.long ? (
                <textarea
                  {...common}
                  rows={3}
                  maxLength={f.maxLength}
                  value={String(value ?? '')}
                  onChange={(e) => set(key, e.target.value)}
                />
              ) : (
                <input
                  {...common}
                  type={inputType(f)}
                  maxLength={f.maxLength}
                  value={String(value ?? '')}
                  onChange={(e) => set(key, e.target.value)}
                />
              )}
              {err && (
                <span id={`${id}-err`} className="admin-error">
                  {err}
                </span>
              )}
            </div>
          );
        })}
        {flags
          .filter((f) => f.key in record)
          .map((f) => (
            <div className="admin-field admin-check" key={f.key}>
              <input id={`${formId}-${f.key}`} type="checkbox" checked={draft[f.key] === true} disabled readOnly />
              <label htmlFor={`${formId}-${f.key}`}>{t('admin.readOnly', { label: f.label })}</label>
            </div>
          ))}
      </form>
    </Modal>
  );
}
