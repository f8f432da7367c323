// My Account's list of the signed-in person's gifts: the amount in Indian
// grouping, the date paid, the status (reported, confirmed, not matched),
// and a button to download the receipt once one is issued.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { formatRupees } from '@/lib/india';
import { showDay } from '@/lib/dates';
import { downloadMyReceipt, getMyDonations, type Donation } from '../api/donation-api';
import { modeName } from './labels';
import { t, tn, useT } from '@/i18n';
import './donation.css';

const STATUSES: readonly string[] = ['reported', 'confirmed', 'rejected'];

function statusText(s: string): string {
  return STATUSES.includes(s) ? t(`myDonations.status.${s}`) : s;
}

function statusHelp(d: Donation): string {
  if (d.status === 'reported') return t('myDonations.help.reported');
  if (d.status === 'rejected') return d.rejectReason ? t('myDonations.help.rejectedWhy', { reason: d.rejectReason }) : t('myDonations.help.rejected');
  if (d.receipt?.status === 'cancelled') {
    const r = d.receipt;
    return r.cancelReason ? t('myDonations.help.cancelledWhy', { number: r.number, reason: r.cancelReason }) : t('myDonations.help.cancelled', { number: r.number });
  }
  if (d.receipt) return t(d.receipt.duplicate ? 'myDonations.help.issuedCopy' : 'myDonations.help.issued', { number: d.receipt.number, date: showDay(d.receipt.issuedOn) });
  return t('myDonations.help.received', { date: showDay(d.receivedOn) });
}

function ReceiptButton({ d }: { d: Donation }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (d.status !== 'confirmed' || d.receipt?.status !== 'issued') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError('');
          try {
            await downloadMyReceipt(d);
          } catch (err) {
            setError(messageOf(err, t('myDonations.downloadFailed')));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t('myDonations.downloading') : t('myDonations.download', { number: d.receipt.number })}
      </button>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: Donation[] };

/** MyDonations lists the signed-in person's own gifts. */
export function MyDonations() {
  useT();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    getMyDonations(ctrl.signal).then(
      (items) => setState({ kind: 'ready', items }),
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setState({ kind: 'error' });
      },
    );
    return () => ctrl.abort();
  }, []);

  return (
    <section className="dons" aria-labelledby="dons-title">
      <h2 id="dons-title">{t('myDonations.title')}</h2>
      {state.kind === 'loading' ? <p role="status">{t('myDonations.loading')}</p> : null}
      {state.kind === 'error' ? <p role="alert">{t('myDonations.error')}</p> : null}
      {state.kind === 'ready' && state.items.length === 0 ? (
        <p>{tn('myDonations.none', {}, { link: (c) => <Link to={paths.donation}>{c}</Link> })}</p>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className="dons-list">
          {state.items.map((d) => (
            <li key={d._id} className="dons-item">
              <div className="dons-head">
                <span className="dons-amount">{d.amountText || formatRupees(d.amountPaise)}</span>
                <span className={`dons-status dons-${d.receipt?.status === 'cancelled' ? 'cancelled' : d.status}`}>{statusText(d.status)}</span>
              </div>
              <p className="dons-facts">
                {t(d.reference ? 'myDonations.factsRef' : 'myDonations.facts', {
                  date: showDay(d.paidOn),
                  mode: modeName(d.mode),
                  reference: d.reference,
                  receipt: d.receiptType === '80G' ? t('gift.receipt.80GShort') : t('gift.receipt.GeneralShort'),
                })}
              </p>
              <p className="dons-facts">{statusHelp(d)}</p>
              <ReceiptButton d={d} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
