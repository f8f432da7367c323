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
import './donation.css';

const statusText: Record<Donation['status'], string> = {
  reported: 'Reported',
  confirmed: 'Confirmed',
  rejected: 'Not matched',
};

function statusHelp(d: Donation): string {
  if (d.status === 'reported') return 'We are waiting to see this money in our bank account; your receipt follows as soon as we do.';
  if (d.status === 'rejected') return `We could not match this gift${d.rejectReason ? `: ${d.rejectReason}` : '.'} Please contact us if you think this is a mistake.`;
  if (d.receipt?.status === 'cancelled') return `Receipt ${d.receipt.number} was cancelled${d.receipt.cancelReason ? `: ${d.receipt.cancelReason}` : '.'}`;
  if (d.receipt) return `Receipt ${d.receipt.number} issued on ${showDay(d.receipt.issuedOn)}${d.receipt.duplicate ? ' (a duplicate copy)' : ''}.`;
  return `Received on ${showDay(d.receivedOn)}.`;
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
            setError(messageOf(err, 'The receipt could not be downloaded. Please try again later.'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Downloading…' : `Download receipt ${d.receipt.number} (PDF)`}
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
      <h2 id="dons-title">Your donations</h2>
      {state.kind === 'loading' ? <p role="status">Loading your donations…</p> : null}
      {state.kind === 'error' ? <p role="alert">Your donations could not be loaded. Please try again later.</p> : null}
      {state.kind === 'ready' && state.items.length === 0 ? (
        <p>
          You have not reported a gift yet. After a transfer you can <Link to={paths.donation}>report your gift</Link> so
          that we can send your receipt.
        </p>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className="dons-list">
          {state.items.map((d) => (
            <li key={d._id} className="dons-item">
              <div className="dons-head">
                <span className="dons-amount">{d.amountText || formatRupees(d.amountPaise)}</span>
                <span className={`dons-status dons-${d.receipt?.status === 'cancelled' ? 'cancelled' : d.status}`}>{statusText[d.status] ?? d.status}</span>
              </div>
              <p className="dons-facts">
                Paid on {showDay(d.paidOn)} by {modeName(d.mode)}
                {d.reference ? `, reference ${d.reference}` : ''}; {d.receiptType === '80G' ? '80G receipt' : 'General receipt'}
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
