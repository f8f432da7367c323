// The referrer directory's dialogs: 'Add Referrer' on the Referrers tab,
// and an admin's answer to a confirmation held for review: 'Accept
// Confirmation' (the referrer joins the directory, the disciple is
// approved) or 'Reject Confirmation' (with a reason).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { acceptReview, addReferrer, recordId, rejectReview, type AdminRecord, type ReferrerPayload } from '../api/admin';
import { Modal } from './modal';

const TOAST = { position: 'top-center', duration: 2000 } as const;

type Errors = Record<string, string>;

function errorsOf(err: unknown): Errors {
  return (err as { errors?: Errors }).errors ?? {};
}

export function Field(props: { form: string; name: string; label: string; value: string; error?: string; type?: string; long?: boolean; onChange: (v: string) => void }) {
  const id = `${props.form}-${props.name}`;
  const common = {
    id,
    name: props.name,
    value: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? `${id}-err` : undefined,
  } as const;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{props.label}</label>
      {props.long ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type={props.type ?? 'text'} onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.error && (
        <span id={`${id}-err`} className="admin-error">
          {props.error}
        </span>
      )}
    </div>
  );
}

export function Dialog(props: { title: string; form: string; busy: boolean; submit: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" form={props.form} className="btn btn-primary" disabled={props.busy}>
            {props.busy ? 'Saving...' : props.submit}
          </button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}

/** AddReferrerModal adds a temple president or authority to the directory. */
export function AddReferrerModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const form = useId();
  const [v, setV] = useState<ReferrerPayload>({ name: '', position: '', temple: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await addReferrer(v);
      toast.success('Referrer added to the directory.', TOAST);
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, 'Failed to add the referrer.'), TOAST);
      setBusy(false);
    }
  }
  const field = (name: keyof ReferrerPayload, label: string, type?: string) => (
    <Field form={form} name={name} label={label} type={type} value={v[name]} error={errors[name]} onChange={(x) => setV((s) => ({ ...s, [name]: x }))} />
  );
  return (
    <Dialog title="Add Referrer" form={form} busy={busy} submit="Add" onClose={onClose}>
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        {field('name', 'Name')}
        {field('position', 'Position')}
        {field('temple', 'Temple')}
        {field('email', 'Email', 'email')}
        {field('phone', 'Phone', 'tel')}
      </form>
    </Dialog>
  );
}

function ReviewSummary({ row }: { row: AdminRecord }) {
  const ref = (row.referrer ?? {}) as Record<string, string>;
  return (
    <dl className="admin-review">
      <dt>Applicant</dt>
      <dd>{String(row.fullName ?? '')}</dd>
      <dt>Link sent to</dt>
      <dd>{String(row.templePresidentEmail ?? '')}</dd>
      <dt>Confirmed by</dt>
      <dd>{[ref.name, ref.position, ref.contact, ref.email].filter(Boolean).join(', ')}</dd>
      <dt>Needs review because</dt>
      <dd>{String(row.reviewReason ?? '')}</dd>
    </dl>
  );
}

/** ReviewModal accepts or rejects a confirmation held for review. */
export function ReviewModal({ row, mode, onClose, onDone }: { row: AdminRecord; mode: 'accept' | 'reject'; onClose: () => void; onDone: () => void }) {
  const form = useId();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const version = Number(row.__v ?? 0);
      const res = mode === 'accept' ? await acceptReview(recordId(row), version, text) : await rejectReview(recordId(row), version, text);
      toast.success(res?.message || 'Saved.', TOAST);
      onDone();
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, 'Failed to save the decision.'), TOAST);
      setBusy(false);
    }
  }
  const accept = mode === 'accept';
  return (
    <Dialog title={accept ? 'Accept Confirmation' : 'Reject Confirmation'} form={form} busy={busy} submit={accept ? 'Accept' : 'Reject'} onClose={onClose}>
      <ReviewSummary row={row} />
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        {accept ? (
          <>
            <p>The disciple will be approved and the referrer added to the directory (unless the address is the applicant&apos;s own).</p>
            <Field form={form} name="temple" label="Referrer's temple (optional)" value={text} error={errors.temple} onChange={setText} />
          </>
        ) : (
          <Field form={form} name="reason" label="Reason for rejecting" long value={text} error={errors.reason} onChange={setText} />
        )}
      </form>
    </Dialog>
  );
}
