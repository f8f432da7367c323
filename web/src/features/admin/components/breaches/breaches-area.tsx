// The dashboard's Breaches view: the record of each personal data breach,
// its checklist (the report to the Data Protection Board is due 72 hours
// after the breach was found), and its notice, sent once to the affected
// people: every account, or a list of addresses the admin pastes.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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

/** The written parts, in the order the form asks for them. */
const PARTS: { key: keyof BreachText; label: string; hint?: string }[] = [
  { key: 'whatHappened', label: 'What happened' },
  { key: 'dataAffected', label: 'Which personal data it touches' },
  { key: 'peopleAffected', label: 'Whom it affects', hint: 'For the record: which people, and about how many.' },
  { key: 'consequences', label: 'What it may mean for them' },
  { key: 'measures', label: 'What we have done' },
  { key: 'advice', label: 'What they can do' },
  { key: 'contact', label: 'Whom they can contact', hint: 'A name, an email address or a phone number.' },
];

function errorsOf(err: unknown): Errors {
  return err instanceof ApiError ? err.errors : {};
}

export default function BreachesArea() {
  const [breaches, setBreaches] = useState<Breach[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Breach | 'new' | null>(null);
  useEffect(() => {
    fetchBreaches().then(setBreaches, () => setFailed(true));
  }, []);
  function saved(b: Breach) {
    setBreaches((list) => [b, ...(list ?? []).filter((x) => x._id !== b._id)].sort((x, y) => y.foundAt.localeCompare(x.foundAt)));
  }
  if (failed) return <p className="admin-empty">The breaches could not be loaded.</p>;
  if (!breaches) return <p className="admin-empty">Loading…</p>;
  return (
    <div className="breaches">
      <p>
        Record here any personal data breach: data seen, changed, lost or sent by someone who should not have. The law asks
        the program to tell the Data Protection Board at once and in detail within 72 hours of finding it, and to tell each
        affected person without delay.
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
          Record a breach
        </button>
      )}
      {breaches.length === 0 ? (
        <p className="admin-empty">No breach has been recorded.</p>
      ) : (
        breaches.map((b) => <BreachCard key={b._id} breach={b} onChange={saved} onEdit={() => setEditing(b)} />)
      )}
    </div>
  );
}

function BreachForm({ breach, onDone }: { breach: Breach | null; onDone: (b: Breach | null) => void }) {
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
      toast.success(breach ? 'The breach is saved.' : 'The breach is recorded.', TOAST);
      onDone(b);
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, 'The breach could not be saved. Please try again.'), TOAST);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id={form} className="breach-form" onSubmit={save} noValidate>
      <h2>{breach ? 'Edit the breach' : 'Record a breach'}</h2>
      <div className="breach-times">
        <Field form={form} name="occurredAt" label="When it happened" type="datetime-local" value={v.occurredAt} error={errors.occurredAt} onChange={set('occurredAt')} />
        <Field form={form} name="foundAt" label="When we found it" type="datetime-local" value={v.foundAt} error={errors.foundAt} onChange={set('foundAt')} />
      </div>
      {PARTS.map((p) => (
        <div key={p.key}>
          <Field form={form} name={p.key} label={p.label} long value={v[p.key]} error={errors[p.key]} onChange={set(p.key)} />
          {p.hint && <p className="breach-hint">{p.hint}</p>}
        </div>
      ))}
      <p className="breach-hint">The last four parts may wait until they are known; the notice cannot be sent without them.</p>
      <div className="breach-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : breach ? 'Save the breach' : 'Record the breach'}
        </button>
        <button type="button" className="btn" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function BreachCard({ breach: b, onChange, onEdit }: { breach: Breach; onChange: (b: Breach) => void; onEdit: () => void }) {
  const heading = useId();
  const [busy, setBusy] = useState('');
  // The time the card was shown, for an item past its deadline.
  const [now] = useState(() => Date.now());
  async function tick(item: string, done: boolean) {
    setBusy(item);
    try {
      onChange(await tickBreach(b._id, item, done));
    } catch (err) {
      toast.error(messageOf(err, 'The checklist could not be saved. Please try again.'), TOAST);
    } finally {
      setBusy('');
    }
  }
  return (
    <article className="breach" aria-labelledby={heading}>
      <h2 id={heading}>Breach found {formatWhen(b.foundAt)}</h2>
      <dl className="breach-facts">
        <div>
          <dt>When it happened</dt>
          <dd>{formatWhen(b.occurredAt)}</dd>
        </div>
        {PARTS.map((p) => (
          <div key={p.key}>
            <dt>{p.label}</dt>
            <dd>{b[p.key] || <em>Not written yet</em>}</dd>
          </div>
        ))}
        <div>
          <dt>Recorded by</dt>
          <dd>{b.recordedBy}</dd>
        </div>
      </dl>
      <button type="button" className="btn" onClick={onEdit}>
        Edit the breach
      </button>
      <fieldset className="breach-checklist">
        <legend>Checklist</legend>
        {b.checklist.map((c) => {
          const id = `${b._id}-${c.item}`;
          const late = !c.done && c.dueAt && new Date(c.dueAt).getTime() < now;
          return (
            <div key={c.item} className="breach-check">
              <input id={id} type="checkbox" checked={c.done} disabled={busy === c.item} onChange={(e) => tick(c.item, e.target.checked)} />
              <label htmlFor={id}>{c.label}</label>
              {c.dueAt && (
                <span className={late ? 'breach-late' : 'breach-due'}>
                  {late ? 'Overdue: it was due ' : 'Due by '}
                  {formatWhen(c.dueAt)}
                </span>
              )}
              {c.done && c.doneAt && (
                <span className="breach-done">
                  Ticked by {c.doneBy} on {formatWhen(c.doneAt)}
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
  const base = useId();
  const [audience, setAudience] = useState<'accounts' | 'addresses'>('addresses');
  const [addresses, setAddresses] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  if (b.notice) {
    const who = b.notice.audience === 'accounts' ? 'every account' : 'the listed addresses';
    return (
      <section className="breach-notice" aria-label="The notice">
        <h3>The notice</h3>
        <p>
          Sent on {formatWhen(b.notice.sentAt)} by {b.notice.sentBy} to {who}: {b.notice.count}{' '}
          {b.notice.count === 1 ? 'email' : 'emails'}, going out through the mail tab.
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
      toast.error(messageOf(err, 'The notice could not be sent. Please try again.'), TOAST);
    } finally {
      setBusy(false);
    }
  }
  const missing = Object.keys(errors).filter((k) => k !== 'addresses' && k !== 'audience');
  return (
    <section className="breach-notice" aria-label="The notice">
      <h3>The notice</h3>
      <p>
        One email to each affected person, with what happened, what it may mean, what we did, what they can do and whom to
        contact. It is sent once.
      </p>
      {missing.length > 0 && (
        <p className="admin-error" role="alert">
          Write these parts first (Edit the breach): {missing.map((k) => PARTS.find((p) => p.key === k)?.label ?? k).join(', ')}.
        </p>
      )}
      <fieldset>
        <legend>Whom to send it to</legend>
        <div className="breach-check">
          <input id={`${base}-addresses`} type="radio" name={`${base}-audience`} checked={audience === 'addresses'} onChange={() => setAudience('addresses')} />
          <label htmlFor={`${base}-addresses`}>The people whose addresses I paste below</label>
        </div>
        <div className="breach-check">
          <input id={`${base}-accounts`} type="radio" name={`${base}-audience`} checked={audience === 'accounts'} onChange={() => setAudience('accounts')} />
          <label htmlFor={`${base}-accounts`}>Every account holder</label>
        </div>
      </fieldset>
      {audience === 'addresses' && (
        <div className="admin-field">
          <label htmlFor={`${base}-list`}>Addresses of the affected people</label>
          <textarea
            id={`${base}-list`}
            rows={4}
            value={addresses}
            aria-invalid={errors.addresses ? true : undefined}
            aria-describedby={`${base}-list-hint${errors.addresses ? ` ${base}-list-err` : ''}`}
            onChange={(e) => setAddresses(e.target.value)}
          />
          <span id={`${base}-list-hint`} className="breach-hint">
            One per line, or separated by commas. Copy them from a tab's CSV export.
          </span>
          {errors.addresses && (
            <span id={`${base}-list-err`} className="admin-error">
              {errors.addresses}
            </span>
          )}
        </div>
      )}
      {confirming ? (
        <div className="breach-confirm" role="group" aria-label="Confirm the notice">
          <p>
            Send the notice to {audience === 'accounts' ? 'every account holder' : 'these addresses'} now? It cannot be sent
            again.
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={send}>
            {busy ? 'Sending...' : 'Yes, send the notice'}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            Not yet
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          Send the notice
        </button>
      )}
    </section>
  );
}
