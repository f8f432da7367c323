// The annual statement of donations: the admin picks a financial year and
// first sees what the file will hold (its form, 10BD up to 2025-26 and 113
// from 2026-27, the number of rows, whether the year is still open) and
// every gift that cannot be filed yet, with a button to fix each; then
// downloads the CSV.
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { financialYear } from '@/lib/india';
import { todayISO } from '@/lib/dates';
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
      setError(messageOf(err, 'The statement could not be prepared.'));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    try {
      await downloadStatement(fy);
    } catch (err) {
      toast.error(messageOf(err, 'Failed to download the statement.'), TOAST);
    }
  }

  return (
    <section className="admin-panel-box" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Annual statement</h3>
      <p className="admin-hint">
        The statement of donations is filed with the Income Tax Department by 31 May after each financial year (April to
        March).
      </p>
      <div className="admin-toolbar admin-toolbar-start">
        <div className="admin-field">
          <label htmlFor={`${id}-fy`}>Financial year</label>
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
          {busy ? 'Checking…' : 'Check the statement'}
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
              <dt>Form</dt>
              <dd>{check.form === '113' ? 'Form 113' : 'Form 10BD'}</dd>
            </div>
            <div className="admin-review-row">
              <dt>Rows</dt>
              <dd>{check.rows}</dd>
            </div>
            <div className="admin-review-row">
              <dt>Year ended</dt>
              <dd>{check.provisional ? `No: provisional, the year ${check.fy} has not ended` : 'Yes'}</dd>
            </div>
          </dl>
          {check.unfileable.length > 0 ? (
            <>
              <h4>Gifts that cannot be filed yet ({check.unfileable.length})</h4>
              <p className="admin-hint">They are left out of the file until their details are completed.</p>
              <ul className="admin-plain">
                {check.unfileable.map((u) => (
                  <li key={u.donationId}>
                    {u.donorName}: {u.problem}{' '}
                    <button type="button" className="btn-link" aria-label={`Fix the details of ${u.donorName}`} onClick={() => onFix(u.donationId, u.donorName)}>
                      Fix
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Every gift of the year can be filed.</p>
          )}
          <button type="button" className="btn btn-primary" onClick={download}>
            Download statement {check.fy} (CSV)
          </button>
        </div>
      )}
    </section>
  );
}
