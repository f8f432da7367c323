// The Donations tab's row actions: Confirm a reported gift (the date the
// money arrived and the amount, both prefilled; this issues the numbered
// receipt and emails it), Reject with a reason, download the receipt's PDF,
// Cancel a receipt with a reason (it keeps its number), and Reissue a copy
// marked Duplicate. Each dialog names the gift it acts on.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { todayISO } from '@/lib/dates';
import { t, useT } from '@/i18n';
import { amountPaise, formatRupees, parseAmount, RuleError } from '@/lib/india';
import { recordId, type AdminRecord } from '../../api/admin';
import { cancelReceipt, confirmDonation, downloadReceipt, rejectDonation, reissueReceipt } from '../../api/donations-admin';
import type { RowAction } from '../dashboard/actions';
import { formatDate } from '../format';
import { Dialog, Field } from '../referrer-modals';

const TOAST = { position: 'top-center', duration: 2000 } as const;

type Errors = Record<string, string>;

interface ReceiptRef {
  _id: string;
  number: string;
  status: string;
  duplicate?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** giftName names a gift by its donor (its id when there is none). */
const giftName = (row: AdminRecord) => str(row.donorName) || recordId(row);

/** receiptOf reads the row's receipt, or null before one is issued. */
export function receiptOf(row: AdminRecord): ReceiptRef | null {
  const r = row.receipt;
  if (!r || typeof r !== 'object') return null;
  const o = r as Record<string, unknown>;
  return o._id ? { _id: str(o._id), number: str(o.number), status: str(o.status), duplicate: o.duplicate === true } : null;
}

function errorsOf(err: unknown): Errors {
  return (err as { errors?: Errors }).errors ?? {};
}

/** GiftSummary names the gift a dialog acts on. */
export function GiftSummary({ row }: { row: AdminRecord }) {
  const t = useT();
  const rows: [string, string][] = [
    [t('admin.giftDonor'), str(row.donorName)],
    [t('admin.refEmail'), str(row.email)],
    [t('admin.giftAmountReported'), str(row.amountText) || formatRupees(Number(row.amountPaise ?? 0))],
    [t('admin.giftPaidOn'), formatDate(str(row.paidOn))],
    [t('admin.giftMode'), str(row.mode)],
    [t('admin.giftReference'), str(row.reference) || '—'],
    [t('admin.giftReceipt'), str(row.receiptType)],
  ];
  const receipt = receiptOf(row);
  if (receipt) rows.push([t('admin.giftReceiptNumber'), receipt.number]);
  return (
    <dl className="admin-review">
      {rows.map(([k, v]) => (
        <div key={k} className="admin-review-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** validateConfirm checks the date received and the amount before the call. */
export function validateConfirm(receivedOn: string, amount: string, today = todayISO()): Errors {
  const e: Errors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) e.receivedOn = t('admin.receivedOnMissing');
  else if (receivedOn > today) e.receivedOn = t('admin.receivedOnFuture');
  try {
    parseAmount(amount);
  } catch (err) {
    e.amount = err instanceof RuleError ? err.message : String(err);
  }
  return e;
}

function ConfirmDialog({ row, onClose, onDone }: { row: AdminRecord; onClose: () => void; onDone: () => void }) {
  const form = useId();
  const t = useT();
  const [receivedOn, setReceivedOn] = useState(str(row.paidOn) || todayISO());
  const [amount, setAmount] = useState(str(row.amount));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const paise = amountPaise(amount);
  const changed = paise !== null && paise !== Number(row.amountPaise ?? paise);
  async function save(e: FormEvent) {
    e.preventDefault();
    const fe = validateConfirm(receivedOn, amount);
    setErrors(fe);
    if (Object.keys(fe).length > 0) return;
    setBusy(true);
    try {
      const res = await confirmDonation(recordId(row), receivedOn, amount.trim());
      toast.success(res?.message || t('admin.giftConfirmed'), TOAST);
      onDone();
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, t('admin.giftConfirmFailed')), TOAST);
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('admin.confirmGiftTitle')} form={form} busy={busy} submit={t('admin.confirmGiftSubmit')} onClose={onClose}>
      <GiftSummary row={row} />
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        <Field form={form} name="receivedOn" label={t('admin.receivedOn')} type="date" value={receivedOn} error={errors.receivedOn} onChange={setReceivedOn} />
        <Field form={form} name="amount" label={t('admin.amountReceived')} value={amount} error={errors.amount} onChange={setAmount} />
        <p className="admin-hint">
          {paise !== null ? t('admin.receiptFor', { amount: formatRupees(paise) }) : t('admin.amountDigits')}
          {changed ? ` ${t('admin.amountDiffers')}` : ''} {t('admin.receiptIssued')}
        </p>
      </form>
    </Dialog>
  );
}

/** ReasonDialog asks for a reason: rejecting a gift or cancelling a receipt. */
function ReasonDialog(props: {
  row: AdminRecord;
  title: string;
  submit: string;
  label: string;
  note: ReactNode;
  send: (reason: string) => Promise<{ message?: string }>;
  failed: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useId();
  const t = useT();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: t('admin.reasonMissing') });
      return;
    }
    setBusy(true);
    try {
      const res = await props.send(reason.trim());
      toast.success(res?.message || t('admin.saved'), TOAST);
      props.onDone();
    } catch (err) {
      setErrors(errorsOf(err));
      toast.error(messageOf(err, props.failed), TOAST);
      setBusy(false);
    }
  }
  return (
    <Dialog title={props.title} form={form} busy={busy} submit={props.submit} onClose={props.onClose}>
      <GiftSummary row={props.row} />
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        <p>{props.note}</p>
        <Field form={form} name="reason" label={props.label} long value={reason} error={errors.reason} onChange={setReason} />
      </form>
    </Dialog>
  );
}

function ReissueDialog({ row, onClose, onDone }: { row: AdminRecord; onClose: () => void; onDone: () => void }) {
  const form = useId();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const receipt = receiptOf(row);
  async function save(e: FormEvent) {
    e.preventDefault();
    if (!receipt) return;
    setBusy(true);
    try {
      const res = await reissueReceipt(receipt._id);
      toast.success(res?.message || t('admin.reissued'), TOAST);
      onDone();
    } catch (err) {
      toast.error(messageOf(err, t('admin.reissueFailed')), TOAST);
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('admin.reissueTitle')} form={form} busy={busy} submit={t('admin.reissue')} onClose={onClose}>
      <GiftSummary row={row} />
      <form id={form} className="admin-form" onSubmit={save} noValidate>
        <p>{t('admin.reissueText', { number: receipt?.number ?? '', email: str(row.email) })}</p>
      </form>
    </Dialog>
  );
}

/** donationActions are the Donations tab's own actions of a row, each
 * naming the gift or receipt it acts on. */
export const donationActions: RowAction[] = [
  {
    id: 'confirm',
    text: () => t('admin.confirm'),
    name: (_who, row) => t('admin.confirmGiftOf', { name: giftName(row) }),
    when: (row) => row.status === 'reported',
    select: (row, ctx) => ctx.open((close, done) => <ConfirmDialog row={row} onClose={close} onDone={done} />),
  },
  {
    id: 'reject',
    text: () => t('admin.reject'),
    name: (_who, row) => t('admin.rejectGiftOf', { name: giftName(row) }),
    when: (row) => row.status === 'reported',
    select: (row, ctx) =>
      ctx.open((close, done) => (
        <ReasonDialog
          row={row}
          title={t('admin.rejectGiftTitle')}
          submit={t('admin.reject')}
          label={t('admin.rejectReason')}
          note={t('admin.rejectGiftNote')}
          send={(reason) => rejectDonation(recordId(row), reason)}
          failed={t('admin.rejectGiftFailed')}
          onClose={close}
          onDone={done}
        />
      )),
  },
  {
    id: 'receipt',
    text: () => t('admin.receiptPdf'),
    name: (_who, row) => t('admin.downloadReceipt', { number: receiptOf(row)?.number ?? '' }),
    when: (row) => receiptOf(row) !== null,
    select: async (row) => {
      const receipt = receiptOf(row);
      if (!receipt) return;
      try {
        await downloadReceipt(receipt._id, receipt.number);
      } catch (err) {
        toast.error(messageOf(err, t('admin.receiptDownloadFailed')), TOAST);
      }
    },
  },
  {
    id: 'cancel-receipt',
    text: () => t('admin.cancelReceipt'),
    name: (_who, row) => t('admin.cancelReceiptNumber', { number: receiptOf(row)?.number ?? '' }),
    when: (row) => receiptOf(row)?.status === 'issued',
    select: (row, ctx) => {
      const receipt = receiptOf(row);
      if (!receipt) return;
      ctx.open((close, done) => (
        <ReasonDialog
          row={row}
          title={t('admin.cancelReceipt')}
          submit={t('admin.cancelReceipt')}
          label={t('admin.cancelReason')}
          note={t('admin.cancelReceiptNote', { number: receipt.number })}
          send={(reason) => cancelReceipt(receipt._id, reason)}
          failed={t('admin.cancelReceiptFailed')}
          onClose={close}
          onDone={done}
        />
      ));
    },
  },
  {
    id: 'reissue',
    text: () => t('admin.reissue'),
    name: (_who, row) => t('admin.reissueNumber', { number: receiptOf(row)?.number ?? '' }),
    when: (row) => receiptOf(row)?.status === 'issued',
    select: (row, ctx) => ctx.open((close, done) => <ReissueDialog row={row} onClose={close} onDone={done} />),
  },
];
