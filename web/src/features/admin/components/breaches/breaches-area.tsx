// The dashboard's Breaches view: the record of each personal data breach,
// its checklist (the report to the Data Protection Board is due 72 hours
// after the breach was found), and its notice, sent once to the affected
// people: every account, or a list of addresses the admin pastes.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/lazy-toaster';
import { useT } from '@/i18n';
import { ApiError, messageOf } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import {
  fetchBreaches,
  fromLocalInput,
  recordBreach,
  sendBreachNotice,
  tickBreach,
  toLocalInput,
  updateBreach,
  type Breach,
  type BreachText,
} from '../../api/breaches';
import { Field } from '../referrer-modals';
import './breaches.css';

const TOAST = { position: 'top-center', duration: 3000 } as const;
const BREACHES = ['admin', 'breaches'] as const;

type Errors = Record<string, string>;

const EMPTY: BreachText = {
  occurredAt: '',
  foundAt: '',
  whatHappened: '',
  dataAffected: '',
  peopleAffected: '',
  consequences: '',
  measures: '',
  advice: '',
  contact: '',
};

/** The written parts, in the order the form asks for them, with the catalogue keys of their labels and hints. */
const PARTS: { key: keyof BreachText; label: string; hint?: string }[] = [
  { key: 'whatHappened', label: 'admin.breach.part.whatHappened' },
  { key: 'dataAffected', label: 'admin.breach.part.dataAffected' },
  { key: 'peopleAffected', label: 'admin.breach.part.peopleAffected', hint: 'admin.breach.part.peopleAffectedHint' },
  { key: 'consequences', label: 'admin.breach.part.consequences' },
  { key: 'measures', label: 'admin.breach.part.measures' },
  { key: 'advice', label: 'admin.breach.part.advice' },
  { key: 'contact', label: 'admin.breach.part.contact', hint: 'admin.breach.part.contactHint' },
];

function errorsOf(err: unknown): Errors {
  return err instanceof ApiError ? err.errors : {};
}

export default function BreachesArea() {
  const t = useT();
  const client = useQueryClient();
  const { data: breaches, isError: failed } = useQuery({ queryKey: BREACHES, queryFn: () => fetchBreaches() });
  const [editing, setEditing] = useState<Breach | 'new' | null>(null);
  function saved(b: Breach) {
    client.setQueryData<Breach[]>(BREACHES, (list) => [b, ...(list ?? []).filter((x) => x._id !== b._id)].sort((x, y) => y.foundAt.localeCompare(x.foundAt)));
  }
  if (failed) return <p className="admin-empty">{t('admin.breach.loadFailed')}</p>;
  if (!breaches) return <p className="admin-empty">{t('admin.breach.loading')}</p>;
  return (
    <div className="breaches">
      <p>
        {t('admin.breach.intro')}
      </p>
      {editing ? (
        <BreachForm
          breach={editing === 'new' ? null : editing}
          onDone={(b) => {
            if (b) saved(b);
            setEditing(null);
          }}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('admin.breach.record')}
        </button>
      )}
      {breaches.length === 0 ? (
        <p className="admin-empty">{t('admin.breach.none')}</p>
      ) : (
        breaches.map((b) => <BreachCard key={b._id} breach={b} onChange={saved} onEdit={() => setEditing(b)} />)
      )}
    </div>
  );
}

function BreachForm({ breach, onDone }: { breach: Breach | null; onDone: (b: Breach | null) => void }) {
  const t = useT();
  const form = useId();
  const [v, setV] = useState<BreachText>(() =>
    breach
      ? { ...breach, occurredAt: toLocalInput(breach.occurredAt), foundAt: toLocalInput(breach.foundAt) }
      : { ...EMPTY },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof BreachText) => (value: string) => setV((x) => ({ ...x, [key]: value }));
  async function save(e: FormEvent) {
    e.preventDefault();
    const text = { ...v, occurredAt: fromLocalInput(v.occurredAt), foundAt: fromLocalInput(v.foundAt) };
    setBusy(true);
    try {
      const b = breach ? await updateBreach(breach._id, breach.__v, text) : await recordBreach(text);
      toast.success(breach ? t('admin.breach.saved') : t('admin.breach.recorded'), TOAST);
      onDone(b);
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, t('admin.breach.saveFailed')), TOAST);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id={form} className="breach-form" onSubmit={save} noValidate>
      <h2>{breach ? t('admin.breach.edit') : t('admin.breach.record')}</h2>
      <div className="breach-times">
        <Field form={form} name="occurredAt" label={t('admin.breach.occurredAt')} type="datetime-local" value={v.occurredAt} error={errors.occurredAt} onChange={set('occurredAt')} />
        <Field form={form} name="foundAt" label={t('admin.breach.foundAt')} type="datetime-local" value={v.foundAt} error={errors.foundAt} onChange={set('foundAt')} />
      </div>
      {PARTS.map((p) => (
        <div key={p.key}>
          <Field form={form} name={p.key} label={t(p.label)} long value={v[p.key]} error={errors[p.key]} onChange={set(p.key)} />
          {p.hint && <p className="breach-hint">{t(p.hint)}</p>}
        </div>
      ))}
      <p className="breach-hint">{t('admin.breach.lastFour')}</p>
      <div className="breach-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('admin.breach.saving') : breach ? t('admin.breach.save') : t('admin.breach.recordIt')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          {t('admin.breach.cancel')}
        </button>
      </div>
    </form>
  );
}

function BreachCard({ breach: b, onChange, onEdit }: { breach: Breach; onChange: (b: Breach) => void; onEdit: () => void }) {
  const t = useT();
  const heading = useId();
  const [busy, setBusy] = useState('');
  // The time the card was shown, for an item past its deadline.
  const [now] = useState(() => Date.now());
  async function tick(item: string, done: boolean) {
    setBusy(item);
    try {
      onChange(await tickBreach(b._id, item, done));
    } catch (err) {
      toast.error(messageOf(err, t('admin.breach.checklistFailed')), TOAST);
    } finally {
      setBusy('');
    }
  }
  return (
    <article className="breach" aria-labelledby={heading}>
      <h2 id={heading}>{t('admin.breach.found', { when: formatWhen(b.foundAt) })}</h2>
      <dl className="breach-facts">
        <div>
          <dt>{t('admin.breach.occurredAt')}</dt>
          <dd>{formatWhen(b.occurredAt)}</dd>
        </div>
        {PARTS.map((p) => (
          <div key={p.key}>
            <dt>{t(p.label)}</dt>
            <dd>{b[p.key] || <em>{t('admin.breach.notWritten')}</em>}</dd>
          </div>
        ))}
        <div>
          <dt>{t('admin.breach.recordedBy')}</dt>
          <dd>{b.recordedBy}</dd>
        </div>
      </dl>
      <button type="button" className="btn" onClick={onEdit}>
        {t('admin.breach.edit')}
      </button>
      <fieldset className="breach-checklist">
        <legend>{t('admin.breach.checklist')}</legend>
        {b.checklist.map((c) => {
          const id = `${b._id}-${c.item}`;
          const late = !c.done && c.dueAt && new Date(c.dueAt).getTime() < now;
          return (
            <div key={c.item} className="breach-check">
              <input id={id} type="checkbox" checked={c.done} disabled={busy === c.item} onChange={(e) => tick(c.item, e.target.checked)} />
              <label htmlFor={id}>{c.label}</label>
              {c.dueAt && (
                <span className={late ? 'breach-late' : 'breach-due'}>
                  {t(late ? 'admin.breach.overdue' : 'admin.breach.due', { when: formatWhen(c.dueAt) })}
                </span>
              )}
              {c.done && c.doneAt && (
                <span className="breach-done">
                  {t('admin.breach.ticked', { who: c.doneBy, when: formatWhen(c.doneAt) })}
                </span>
              )}
            </div>
          );
        })}
      </fieldset>
      <NoticeSection breach={b} onSent={onChange} />
    </article>
  );
}

function NoticeSection({ breach: b, onSent }: { breach: Breach; onSent: (b: Breach) => void }) {
  const t = useT();
  const base = useId();
  const [audience, setAudience] = useState<'accounts' | 'addresses'>('addresses');
  const [addresses, setAddresses] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  if (b.notice) {
    return (
      <section className="breach-notice" aria-label={t('admin.breach.notice')}>
        <h3>{t('admin.breach.notice')}</h3>
        <p>
          {t('admin.breach.sent', { when: formatWhen(b.notice.sentAt), who: b.notice.sentBy, audience: b.notice.audience, n: b.notice.count })}
        </p>
      </section>
    );
  }
  async function send() {
    setBusy(true);
    try {
      const res = await sendBreachNotice(b._id, audience, addresses);
      toast.success(res.message, TOAST);
      setErrors({});
      onSent(res.breach);
    } catch (err) {
      setErrors(errorsOf(err));
      setConfirming(false);
      toast.error(messageOf(err, t('admin.breach.sendFailed')), TOAST);
    } finally {
      setBusy(false);
    }
  }
  const missing = Object.keys(errors).filter((k) => k !== 'addresses' && k !== 'audience');
  return (
    <section className="breach-notice" aria-label={t('admin.breach.notice')}>
      <h3>{t('admin.breach.notice')}</h3>
      <p>
        {t('admin.breach.noticeIntro')}
      </p>
      {missing.length > 0 && (
        <p className="admin-error" role="alert">
          {t('admin.breach.writeFirst', { parts: missing.map((k) => { const p = PARTS.find((x) => x.key === k); return p ? t(p.label) : k; }).join(', ') })}
        </p>
      )}
      <fieldset>
        <legend>{t('admin.breach.whom')}</legend>
        <div className="breach-check">
          <input id={`${base}-addresses`} type="radio" name={`${base}-audience`} checked={audience === 'addresses'} onChange={() => setAudience('addresses')} />
          <label htmlFor={`${base}-addresses`}>{t('admin.breach.toAddresses')}</label>
        </div>
        <div className="breach-check">
          <input id={`${base}-accounts`} type="radio" name={`${base}-audience`} checked={audience === 'accounts'} onChange={() => setAudience('accounts')} />
          <label htmlFor={`${base}-accounts`}>{t('admin.breach.toAccounts')}</label>
        </div>
      </fieldset>
      {audience === 'addresses' && (
        <div className="admin-field">
          <label htmlFor={`${base}-list`}>{t('admin.breach.addresses')}</label>
          <textarea
            id={`${base}-list`}
            rows={4}
            value={addresses}
            aria-invalid={errors.addresses ? true : undefined}
            aria-describedby={`${base}-list-hint${errors.addresses ? ` ${base}-list-err` : ''}`}
            onChange={(e) => setAddresses(e.target.value)}
          />
          <span id={`${base}-list-hint`} className="breach-hint">
            {t('admin.breach.addressesHint')}
          </span>
          {errors.addresses && (
            <span id={`${base}-list-err`} className="admin-error">
              {errors.addresses}
            </span>
          )}
        </div>
      )}
      {confirming ? (
        <div className="breach-confirm" role="group" aria-label={t('admin.breach.confirm')}>
          <p>
            {t('admin.breach.confirmText', { audience })}
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={send}>
            {busy ? t('admin.breach.sending') : t('admin.breach.yesSend')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('admin.breach.notYet')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          {t('admin.breach.send')}
        </button>
      )}
    </section>
  );
}
