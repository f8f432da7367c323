// The referrer directory's dialogs: 'Add Referrer' on the Referrers tab,
// and an admin's answer to a confirmation held for review: 'Accept
// Confirmation' (the disciple is approved; adding the referrer to the
// directory is a second choice of its own) or 'Reject Confirmation' (with
// a reason). A new directory entry named like an existing one is refused
// by the server until the admin ticks that it is a different person.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
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

/** Check is a labelled checkbox of an admin form. */
export function Check(props: { form: string; name: string; label: string; checked: boolean; error?: string; onChange: (v: boolean) => void }) {
  const id = `${props.form}-${props.name}`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>
        <input
          id={id}
          name={props.name}
          type="checkbox"
          checked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-err` : undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />{' '}
        {props.label}
      </label>
      {props.error && (
        <span id={`${id}-err`} className="admin-error">
          {props.error}
        </span>
      )}
    </div>
  );
}

/** lookalike reports whether the server refused a new directory entry
 * because its name is an existing entry's. */
function lookalike(err: unknown): boolean {
  return (err as { status?: number }).status === 409 && Boolean(errorsOf(err).name);
}

export function Dialog(props: { title: string; form: string; busy: boolean; submit: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <Modal
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" form={props.form} className="btn btn-primary" disabled={props.busy}>
            {props.busy ? t('admin.saving') : props.submit}
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
  const t = useT();
  const [v, setV] = useState<ReferrerPayload>({ name: '', position: '', temple: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [similar, setSimilar] = useState(false);
  const [sure, setSure] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await addReferrer(v, sure);
      toast.success(t('admin.referrerAdded'), TOAST);
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err));
      if (lookalike(err)) setSimilar(true);
      toast.error(messageOf(err, t('admin.referrerAddFailed')), TOAST);
      setBusy(false);
    }
  }
  const field = (name: keyof ReferrerPayload, label: string, type?: string) => (
    <Field form={form} name={name} label={label} type={type} value={v[name]} error={errors[name]} onChange={(x) => setV((s) => ({ ...s, [name]: x }))} />
  );
  return (
    <Dialog title={t('admin.addReferrerTitle')} form={form} busy={busy} submit={t('admin.add')} onClose={onClose}>
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        {field('name', t('admin.refName'))}
        {field('position', t('admin.refPosition'))}
        {field('temple', t('admin.refTemple'))}
        {field('email', t('admin.refEmail'), 'email')}
        {field('phone', t('admin.refPhone'), 'tel')}
        {similar ? <Check form={form} name="confirmSimilar" label={t('admin.confirmSimilar')} checked={sure} onChange={setSure} /> : null}
      </form>
    </Dialog>
  );
}

function ReviewSummary({ row }: { row: AdminRecord }) {
  const t = useT();
  const ref = (row.referrer ?? {}) as Record<string, string>;
  return (
    <dl className="admin-review">
      <dt>{t('admin.applicant')}</dt>
      <dd>{String(row.fullName ?? '')}</dd>
      <dt>{t('admin.linkSentTo')}</dt>
      <dd>{String(row.templePresidentEmail ?? '')}</dd>
      <dt>{t('admin.confirmedBy')}</dt>
      <dd>{[ref.name, ref.position, ref.contact, ref.email].filter(Boolean).join(', ')}</dd>
      <dt>{t('admin.reviewBecause')}</dt>
      <dd>{String(row.reviewReason ?? '')}</dd>
    </dl>
  );
}

/** ReviewModal accepts or rejects a confirmation held for review. */
export function ReviewModal({ row, mode, onClose, onDone }: { row: AdminRecord; mode: 'accept' | 'reject'; onClose: () => void; onDone: () => void }) {
  const form = useId();
  const t = useT();
  const [text, setText] = useState('');
  const [trust, setTrust] = useState(false);
  const [similar, setSimilar] = useState(false);
  const [sure, setSure] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const version = Number(row.__v ?? 0);
      const res =
        mode === 'accept'
          ? await acceptReview(recordId(row), version, { temple: trust ? text : '', trustReferrer: trust, confirmSimilar: trust && sure })
          : await rejectReview(recordId(row), version, text);
      toast.success(res?.message || t('admin.saved'), TOAST);
      onDone();
    } catch (err) {
      setErrors(errorsOf(err));
      if (lookalike(err)) setSimilar(true);
      toast.error(messageOf(err, t('admin.decisionFailed')), TOAST);
      setBusy(false);
    }
  }
  const accept = mode === 'accept';
  return (
    <Dialog title={accept ? t('admin.acceptTitle') : t('admin.rejectTitle')} form={form} busy={busy} submit={accept ? t('admin.accept') : t('admin.reject')} onClose={onClose}>
      <ReviewSummary row={row} />
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        {accept ? (
          <>
            <p>{t('admin.acceptText')}</p>
            <Check form={form} name="trustReferrer" label={t('admin.trustReferrer')} checked={trust} error={errors.name} onChange={setTrust} />
            {trust ? <Field form={form} name="temple" label={t('admin.referrerTemple')} value={text} error={errors.temple} onChange={setText} /> : null}
            {trust && similar ? <Check form={form} name="confirmSimilar" label={t('admin.confirmSimilar')} checked={sure} onChange={setSure} /> : null}
          </>
        ) : (
          <Field form={form} name="reason" label={t('admin.rejectReason')} long value={text} error={errors.reason} onChange={setText} />
        )}
      </form>
    </Dialog>
  );
}
