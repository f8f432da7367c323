// Help given: each fund's balance (gifts received for its purpose minus
// the help paid from it), the payments to or for this elder with their
// approval, and the form to record one. A payment above the threshold in
// Settings waits for a second person's approval; one that would overdraw
// its fund needs an admin's reason; a payment is never deleted, only
// cancelled with a reason, as the accounts need.
import { useId, useState } from 'react';
import { DraftNotice, ErrorSummary, SelectInput, TextArea, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkCare } from './check';
import { paymentSchema } from '@/lib/schemas/care/payment.gen';
import { ApiError } from '@/lib/api';
import { formatDay, todayISO } from '@/lib/dates';
import { formatRupees, parseAmount, RuleError } from '@/lib/india';
import { useSession } from '@/lib/session';
import { useT } from '@/i18n';
import {
  addPayment,
  approvePayment,
  cancelPayment,
  PAYMENT_KINDS,
  PAYMENT_MODES,
  PURPOSES,
  SERVICES,
  type CarePayment,
  type CareRecord,
  type Fund,
  type PaymentInput,
} from '../api/care-api';
import { useFunds } from '../api/queries';
import { Done, Head, mayUse, Problem, problemOf, word } from './shared';

const P = 'care-pay';
const ORDER = ['kind', 'amount', 'purpose', 'service', 'paidOn', 'mode', 'reference', 'payee', 'description', 'overdrawReason'] as const;

/** Values are the form's: the amount as typed in rupees. */
type Values = Omit<PaymentInput, 'amountPaise' | 'overdrawReason'> & { amount: string; overdrawReason: string };

const emptyPayment = (): Values => ({ kind: 'money', amount: '', purpose: '', service: '', paidOn: todayISO(), mode: '', reference: '', payee: '', description: '', overdrawReason: '' });

/** validatePayment checks what the page can: an amount in rupees above
 * zero, a date not in the future, the choices made, texts within limits.
 * Which fund may pay for which service, the threshold and the balance are
 * the server's to decide. */
export function validatePayment(v: Values, t: (k: string, vals?: Record<string, string | number>) => string, today = todayISO()): FieldErrors {
  const e = checkCare(paymentSchema, v, ['paidOn'], today);
  try {
    parseAmount(v.amount);
  } catch (err) {
    e.amount = err instanceof RuleError ? err.message : String(err);
  }
  if (v.kind === 'money' && !v.mode) e.mode = t('care.err.modeRequired');
  return e;
}

export function Payments({ record, onSaved }: { record: CareRecord; onSaved: () => void }) {
  const t = useT();
  const { user } = useSession();
  // The record page reads the funds again after every save.
  const funds = useFunds();
  const changed = onSaved;
  const writable = mayUse(user, 'care.write');
  return (
    <section className="care-section" aria-labelledby="care-payments-title">
      <h2 id="care-payments-title">{t('care.pay.title')}</h2>
      {funds && <FundsTable funds={funds} />}
      <PaymentList payments={record.payments} onChanged={changed} />
      {writable && <PaymentForm record={record} funds={funds} onSaved={changed} />}
    </section>
  );
}

/** FundsTable shows each purpose's fund: received, paid, awaiting approval, balance. */
export function FundsTable({ funds }: { funds: Fund[] }) {
  const t = useT();
  // Five columns of amounts are wider than a phone in Bengali: the table
  // scrolls inside a region the keyboard can reach and scroll.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
    <div className="care-table-wrap" role="region" aria-label={t('care.funds.caption')} tabIndex={0}>
      <table className="care-table">
        <caption>{t('care.funds.caption')}</caption>
        <Head cols={[t('care.field.purpose'), t('care.funds.received'), t('care.funds.paid'), t('care.funds.awaiting'), t('care.funds.balance')]} />
        <tbody>
          {funds.map((f) => (
            <tr key={f.purpose}>
              <th scope="row">{word('purpose', f.purpose)}</th>
              <td className="care-num">{formatRupees(f.receivedPaise)}</td>
              <td className="care-num">{formatRupees(f.paidPaise)}</td>
              <td className="care-num">{formatRupees(f.awaitingPaise)}</td>
              <td className={f.balancePaise < 0 ? 'care-num care-negative' : 'care-num'}>{formatRupees(f.balancePaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentList({ payments, onChanged }: { payments: CarePayment[]; onChanged: () => void }) {
  const t = useT();
  const { user } = useSession();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  // Approving and cancelling are both for those who keep the accounts.
  const approver = mayUse(user, 'payments.approve');
  const canCancel = approver;
  if (payments.length === 0) return <p>{t('care.pay.none')}</p>;
  async function approve(p: CarePayment) {
    setProblem('');
    setDone('');
    try {
      await approvePayment(p._id);
      setDone(t('care.pay.approved', { amount: formatRupees(p.amountPaise) }));
      onChanged();
    } catch (err) {
      setProblem(problemOf(err));
    }
  }
  return (
    <>
      <table className="care-table">
        <caption>{t('care.pay.caption')}</caption>
        <Head cols={[t('care.field.paidOn'), t('care.field.amount'), t('care.field.purpose'), t('care.field.service'), t('care.field.payee'), t('care.field.status'), t('care.pay.actions')]} />
        <tbody>
          {payments.map((p) => (
            <tr key={p._id}>
              <th scope="row">{formatDay(p.paidOn)}</th>
              <td className="care-num">
                {formatRupees(p.amountPaise)}
                {p.kind === 'in_kind' ? ` (${word('paymentKind', p.kind)})` : p.mode ? ` (${word('mode', p.mode)})` : ''}
              </td>
              <td>{word('purpose', p.purpose)}</td>
              <td>{word('service', p.service)}</td>
              <td>
                {p.payee}
                {p.reference ? <span className="care-small"> {p.reference}</span> : null}
              </td>
              <td>
                {word('paymentStatus', p.status)}
                {p.createdByName ? <span className="care-small"> {t('care.pay.recordedBy', { name: p.createdByName })}</span> : null}
                {p.approvedByName ? <span className="care-small"> {t('care.pay.approvedBy', { name: p.approvedByName })}</span> : null}
                {p.overdrawReason ? <span className="care-small"> {t('care.pay.overdrawn', { reason: p.overdrawReason })}</span> : null}
                {p.cancelReason ? <span className="care-small"> {t('care.pay.cancelledBecause', { reason: p.cancelReason })}</span> : null}
              </td>
              <td>
                {p.status === 'awaiting_approval' && approver && p.createdBy !== user?._id && (
                  <button type="button" className="btn btn-small" onClick={() => void approve(p)} aria-label={t('care.pay.approveNamed', { amount: formatRupees(p.amountPaise), payee: p.payee })}>
                    {t('care.pay.approve')}
                  </button>
                )}
                {p.status === 'awaiting_approval' && approver && p.createdBy === user?._id && <span className="care-small">{t('care.pay.notYours')}</span>}
                {p.status !== 'cancelled' && canCancel && (
                  <button type="button" className="btn btn-small btn-danger" onClick={() => setCancelling(p._id)} aria-label={t('care.pay.cancelNamed', { amount: formatRupees(p.amountPaise), payee: p.payee })}>
                    {t('care.pay.cancel')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Problem text={problem} />
      <Done text={done} />
      {cancelling && (
        <CancelForm
          payment={payments.find((p) => p._id === cancelling)!}
          onClose={() => setCancelling(null)}
          onDone={(msg) => {
            setCancelling(null);
            setDone(msg);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function CancelForm({ payment, onClose, onDone }: { payment: CarePayment; onClose: () => void; onDone: (msg: string) => void }) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function send() {
    if (!reason.trim()) {
      setError(t('care.err.reasonRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await cancelPayment(payment._id, reason.trim());
      onDone(t('care.pay.cancelled', { amount: formatRupees(payment.amountPaise) }));
    } catch (err) {
      setError(err instanceof ApiError && err.errors.reason ? err.errors.reason : problemOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="care-form care-subform"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('care.pay.cancelTitle', { amount: formatRupees(payment.amountPaise), payee: payment.payee })}</h3>
      <TextArea id={`${id}-reason`} label={t('care.field.cancelReason')} required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      <div className="care-buttons">
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {t('care.pay.cancelConfirm')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('care.pay.keep')}
        </button>
      </div>
    </form>
  );
}

/** recordPayment sends the payment; the server's word on the amount
 * (amountPaise) is shown beside the amount typed in rupees. */
async function recordPayment(id: string, p: PaymentInput) {
  try {
    return await addPayment(id, p);
  } catch (err) {
    if (err instanceof ApiError && err.errors.amountPaise && !err.errors.amount) throw new ApiError(err.status, err.message, { ...err.errors, amount: err.errors.amountPaise });
    throw err;
  }
}

function PaymentForm({ record, funds, onSaved }: { record: CareRecord; funds: Fund[] | null; onSaved: () => void }) {
  const t = useT();
  const { user } = useSession();
  const [values, setValues] = useState<Values>(emptyPayment);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [askReason, setAskReason] = useState(false);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));
  const admin = user?.isAdmin === true || (user?.roles ?? []).includes('admin');
  const fund = funds?.find((f) => f.purpose === values.purpose);
  let paise: number | null = null;
  try {
    paise = values.amount ? parseAmount(values.amount) : null;
  } catch {
    paise = null;
  }
  const overdraws = fund !== undefined && paise !== null && paise > fund.balancePaise;
  const { errors, busy, submit, summary, draft } = useFormSubmit<Values>({
    prefix: P,
    order: ORDER,
    values,
    validate: (v) => validatePayment(v, t),
    draft: { form: `care-payment-${record._id}`, empty: emptyPayment(), setValues },
    send: async (v) => {
      setProblem('');
      setDone('');
      const saved = await recordPayment(record._id, {
        kind: v.kind,
        amountPaise: parseAmount(v.amount),
        purpose: v.purpose,
        service: v.service,
        paidOn: v.paidOn,
        mode: v.mode,
        reference: v.reference.trim(),
        payee: v.payee.trim(),
        description: v.description.trim(),
        overdrawReason: v.overdrawReason.trim() || undefined,
      });
      setValues(emptyPayment());
      setAskReason(false);
      setDone(saved.status === 'awaiting_approval' ? t('care.pay.savedAwaiting', { amount: formatRupees(saved.amountPaise) }) : t('care.pay.saved', { amount: formatRupees(saved.amountPaise) }));
      onSaved();
    },
    failed: (err) => {
      if (err instanceof ApiError && err.errors.overdrawReason) setAskReason(true);
      setProblem(problemOf(err));
    },
  });
  const showReason = admin && (overdraws || askReason || values.overdrawReason !== '');
  return (
    <form className="care-form care-subform" noValidate onSubmit={(e) => submit(e, values)} aria-labelledby={`${P}-title`}>
      <h3 id={`${P}-title`}>{t('care.pay.add')}</h3>
      <DraftNotice draft={draft} />
      <ErrorSummary {...summary} />
      <div className="form-row">
        <SelectInput id={`${P}-kind`} label={t('care.field.paymentKind')} required options={PAYMENT_KINDS} optionLabel={(k) => word('paymentKind', k)} placeholder={t('care.choose')} value={values.kind} onChange={set('kind')} error={errors.kind} />
        <TextInput id={`${P}-amount`} label={t('care.field.amount')} hint={values.kind === 'in_kind' ? t('care.pay.inKindHint') : t('care.pay.amountHint')} required inputMode="decimal" value={values.amount} onChange={set('amount')} error={errors.amount} />
      </div>
      <div className="form-row">
        <SelectInput id={`${P}-purpose`} label={t('care.field.purpose')} required options={PURPOSES} optionLabel={(p) => word('purpose', p)} placeholder={t('care.choose')} value={values.purpose} onChange={set('purpose')} error={errors.purpose} />
        <SelectInput id={`${P}-service`} label={t('care.field.service')} required options={SERVICES} optionLabel={(s) => word('service', s)} placeholder={t('care.choose')} value={values.service} onChange={set('service')} error={errors.service} />
      </div>
      {fund && (
        <p className={overdraws ? 'care-problem' : 'form-hint'} role="status">
          {overdraws ? t('care.pay.wouldOverdraw', { balance: formatRupees(fund.balancePaise) }) : t('care.pay.balance', { balance: formatRupees(fund.balancePaise) })}
        </p>
      )}
      <div className="form-row">
        <TextInput id={`${P}-paidOn`} type="date" label={t('care.field.paidOn')} required max={todayISO()} value={values.paidOn} onChange={set('paidOn')} error={errors.paidOn} />
        <SelectInput id={`${P}-mode`} label={t('care.field.mode')} required={values.kind === 'money'} options={PAYMENT_MODES} optionLabel={(m) => word('mode', m)} placeholder={t('care.choose')} value={values.mode} onChange={set('mode')} error={errors.mode} />
      </div>
      <div className="form-row">
        <TextInput id={`${P}-payee`} label={t('care.field.payee')} required maxLength={paymentSchema.payee.max} value={values.payee} onChange={set('payee')} error={errors.payee} />
        <TextInput id={`${P}-reference`} label={t('care.field.reference')} maxLength={paymentSchema.reference.max} value={values.reference} onChange={set('reference')} error={errors.reference} />
      </div>
      <TextArea id={`${P}-description`} label={t('care.field.description')} rows={2} value={values.description} onChange={set('description')} error={errors.description} />
      {showReason ? (
        <TextArea id={`${P}-overdrawReason`} label={t('care.field.overdrawReason')} hint={t('care.pay.overdrawHint')} rows={2} value={values.overdrawReason} onChange={set('overdrawReason')} error={errors.overdrawReason} />
      ) : errors.overdrawReason ? (
        <p id={`${P}-overdrawReason`} className="care-problem" tabIndex={-1}>
          {errors.overdrawReason}
        </p>
      ) : null}
      <Problem text={problem} />
      <Done text={done} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('care.saving') : t('care.pay.save')}
      </button>
    </form>
  );
}
