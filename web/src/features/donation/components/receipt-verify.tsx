// The page a receipt's QR code opens: it confirms to whoever holds the
// receipt that the program issued it (number, date, amount, the donor's name
// masked) and whether it is still valid or was cancelled; it shows nothing
// else. An unknown code says plainly that no receipt matches.
import { useEffect, useState } from 'react';
import { showDay } from '@/lib/dates';
import { verifyReceipt, type VerifyAnswer } from '../api/donation-api';
import { useT } from '@/i18n';
import './donation.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'none' } | { kind: 'found'; r: VerifyAnswer };

export function ReceiptVerify({ code, orgName }: { code: string; orgName: string }) {
  const t = useT();
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

  if (state.kind === 'loading') return <p role="status">{t('receipt.checking')}</p>;
  if (state.kind === 'error') {
    return (
      <p role="alert" className="card verify-card">
        {t('receipt.error')}
      </p>
    );
  }
  if (state.kind === 'none') {
    return (
      <div className="card verify-card verify-none" role="status">
        <p className="verify-status">{t('receipt.none')}</p>
        <p>{orgName ? t('receipt.noneHelp', { org: orgName }) : t('receipt.noneHelpUs')}</p>
      </div>
    );
  }
  const r = state.r;
  const valid = r.status === 'valid';
  return (
    <div className={`card verify-card ${valid ? 'verify-valid' : 'verify-cancelled'}`} role="status">
      <p className="verify-status">{valid ? t('receipt.valid') : t('receipt.cancelled')}</p>
      <dl className="details-list">
        <div>
          <dt>{t('receipt.number')}</dt>
          <dd>{r.number}</dd>
        </div>
        <div>
          <dt>{t('receipt.issued')}</dt>
          <dd>{showDay(r.issuedOn)}</dd>
        </div>
        <div>
          <dt>{t('gift.amount')}</dt>
          <dd>{r.amountText}</dd>
        </div>
        <div>
          <dt>{t('receipt.donor')}</dt>
          <dd>{r.donor}</dd>
        </div>
      </dl>
      {r.duplicate ? <p>{t('receipt.duplicate')}</p> : null}
      <p>
        {valid ? (orgName ? t('receipt.validBy', { org: orgName }) : t('receipt.validByUs')) : t('receipt.noDeduction')}
      </p>
    </div>
  );
}
