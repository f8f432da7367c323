// The page a receipt's QR code opens: it confirms to whoever holds the
// receipt that the program issued it (number, date, amount, the donor's name
// masked) and whether it is still valid or was cancelled; it shows nothing
// else. An unknown code says plainly that no receipt matches.
import { useEffect, useState } from 'react';
import { showDay } from '@/lib/dates';
import { verifyReceipt, type VerifyAnswer } from '../api/donation-api';
import './donation.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'none' } | { kind: 'found'; r: VerifyAnswer };

export function ReceiptVerify({ code, orgName }: { code: string; orgName: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    verifyReceipt(code, ctrl.signal).then(
      (r) => setState(r ? { kind: 'found', r } : { kind: 'none' }),
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setState({ kind: 'error' });
      },
    );
    return () => ctrl.abort();
  }, [code]);

  if (state.kind === 'loading') return <p role="status">Checking the receipt…</p>;
  if (state.kind === 'error') {
    return (
      <p role="alert" className="card verify-card">
        The receipt could not be checked just now. Please try again in a moment.
      </p>
    );
  }
  if (state.kind === 'none') {
    return (
      <div className="card verify-card verify-none" role="status">
        <p className="verify-status">No receipt matches this code</p>
        <p>
          Please check that the whole address from the receipt&apos;s QR code was opened. A receipt whose code is not
          found here was not issued by {orgName || 'us'}.
        </p>
      </div>
    );
  }
  const r = state.r;
  const valid = r.status === 'valid';
  return (
    <div className={`card verify-card ${valid ? 'verify-valid' : 'verify-cancelled'}`} role="status">
      <p className="verify-status">{valid ? 'This receipt is valid' : 'This receipt was cancelled'}</p>
      <dl className="details-list">
        <div>
          <dt>Receipt number</dt>
          <dd>{r.number}</dd>
        </div>
        <div>
          <dt>Date of issue</dt>
          <dd>{showDay(r.issuedOn)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{r.amountText}</dd>
        </div>
        <div>
          <dt>Donor</dt>
          <dd>{r.donor}</dd>
        </div>
      </dl>
      {r.duplicate ? <p>A duplicate copy of this receipt was issued; it carries the same number.</p> : null}
      <p>
        {valid
          ? `It was issued by ${orgName || 'us'}. For your privacy only these details are shown.`
          : 'A cancelled receipt cannot be used to claim a tax deduction.'}
      </p>
    </div>
  );
}
