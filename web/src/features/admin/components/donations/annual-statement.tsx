// The annual statement of donations: the admin picks a financial year and
// first sees what the file will hold (its form, 10BD up to 2025-26 and 113
// from 2026-27, the number of rows, whether the year is still open) and
// every gift that cannot be filed yet, with a button to fix each; then
// downloads the CSV.
import { useId, useState } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { financialYear } from '@/lib/india';
import { todayISO } from '@/lib/dates';
import { useT } from '@/i18n';
import { formatCount } from '../format';
import { checkStatement, downloadStatement, type StatementCheck } from '../../api/donations-admin';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** yearsUpTo lists the financial years from the current one back, newest first. */
export function yearsUpTo(today: string, count = 8): string[] {
  const start = Number(financialYear(today).slice(0, 4));
  return Array.from({ length: count }, (_, i) => {
    const y = start - i;
    return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  });
}

/** previousYear is the last financial year that has ended: the one filed by 31 May. */
function previousYear(today: string): string {
  return yearsUpTo(today, 2)[1];
}

export interface AnnualStatementProps {
  /** onFix opens the donor's details of a gift for editing. */
  onFix: (donationId: string, donorName: string) => void;
}

export function AnnualStatement({ onFix }: AnnualStatementProps) {
  const id = useId();
  const t = useT();
  const today = todayISO();
  const [fy, setFy] = useState(previousYear(today));
  const [check, setCheck] = useState<StatementCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function look() {
    setBusy(true);
    setError('');
    try {
      setCheck(await checkStatement(fy));
    } catch (err) {
      setCheck(null);
      setError(messageOf(err, t('admin.statementFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    try {
      await downloadStatement(fy);
    } catch (err) {
      toast.error(messageOf(err, t('admin.statementDownloadFailed')), TOAST);
    }
  }

  return (
    <section className="admin-panel-box" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('admin.statementTitle')}</h3>
      <p className="admin-hint">
        {t('admin.statementHint')}
      </p>
      <div className="admin-toolbar admin-toolbar-start">
        <div className="admin-field">
          <label htmlFor={`${id}-fy`}>{t('admin.financialYear')}</label>
          <select
            id={`${id}-fy`}
            value={fy}
            onChange={(e) => {
              setFy(e.target.value);
              setCheck(null);
            }}
          >
            {yearsUpTo(today).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={look}>
          {busy ? t('admin.checking') : t('admin.checkStatement')}
        </button>
      </div>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {check && (
        <div aria-live="polite">
          <dl className="admin-review">
            <div className="admin-review-row">
              <dt>{t('admin.form')}</dt>
              <dd>{t('admin.formName', { form: check.form === '113' ? '113' : '10BD' })}</dd>
            </div>
            <div className="admin-review-row">
              <dt>{t('admin.rows')}</dt>
              <dd>{formatCount(check.rows)}</dd>
            </div>
            <div className="admin-review-row">
              <dt>{t('admin.yearEnded')}</dt>
              <dd>{check.provisional ? t('admin.provisional', { fy: check.fy }) : t('admin.yes')}</dd>
            </div>
          </dl>
          {check.unfileable.length > 0 ? (
            <>
              <h4>{t('admin.unfileable', { n: check.unfileable.length })}</h4>
              <p className="admin-hint">{t('admin.unfileableHint')}</p>
              <ul className="admin-plain">
                {check.unfileable.map((u) => (
                  <li key={u.donationId}>
                    {u.donorName}: {u.problem}{' '}
                    <button type="button" className="btn-link" aria-label={t('admin.fixDetailsOf', { name: u.donorName })} onClick={() => onFix(u.donationId, u.donorName)}>
                      {t('admin.fix')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('admin.allFileable')}</p>
          )}
          <button type="button" className="btn btn-primary" onClick={download}>
            {t('admin.downloadStatement', { fy: check.fy })}
          </button>
        </div>
      )}
    </section>
  );
}
