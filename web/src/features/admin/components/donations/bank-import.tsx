// Bank statement import: the admin uploads the bank's CSV, says once which
// column holds what (the server remembers it and fills it in next time),
// and gets the statement's credits proposed as matches for reported gifts
// by reference, amount and date. Nothing is confirmed until the admin
// accepts a match, one by one or all at once; accepting confirms the gift
// with the statement's date and amount, which issues its receipt.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messageOf } from '@/lib/api';
import { showDay } from '@/lib/dates';
import { amountPaise, formatRupees } from '@/lib/india';
import { recordId } from '../../api/admin';
import {
  confirmDonation,
  importHeaders,
  importStatement,
  type BankMapping,
  type ImportAnswer,
  type ProposedMatch,
  type StatementRow,
} from '../../api/donations-admin';

const TOAST = { position: 'top-center', duration: 2000 } as const;

/** The columns to map, by the mapping's key, with what each holds. */
const COLUMNS: [key: string, label: string, hint: string][] = [
  ['date', 'Date', 'The date of each transaction (transaction date or value date).'],
  ['credit', 'Credit', 'Money in (deposits), when the bank has separate Credit and Debit columns.'],
  ['debit', 'Debit', 'Money out (withdrawals); those rows are skipped.'],
  ['amount', 'Amount', 'A single amount column; leave empty when the bank has Credit and Debit columns.'],
  ['drCr', 'Dr/Cr', 'With a single amount column: the column that says Cr (money in) or Dr (money out).'],
  ['reference', 'Reference', 'The UTR, cheque number or transaction ID; references are also looked for in the description.'],
  ['description', 'Description', 'The narration, which often carries the sender’s name and reference.'],
];

/** The date layouts the server reads; empty reads any day-first date. */
const LAYOUTS: [layout: string, label: string][] = [
  ['', 'Recognise it (day first)'],
  ['DD/MM/YYYY', 'DD/MM/YYYY (23/11/2026)'],
  ['DD-MM-YYYY', 'DD-MM-YYYY (23-11-2026)'],
  ['DD.MM.YYYY', 'DD.MM.YYYY (23.11.2026)'],
  ['DD/MM/YY', 'DD/MM/YY (23/11/26)'],
  ['DD-MM-YY', 'DD-MM-YY (23-11-26)'],
  ['DD MMM YYYY', 'DD MMM YYYY (23 Nov 2026)'],
  ['DD-MMM-YYYY', 'DD-MMM-YYYY (23-Nov-2026)'],
  ['DD-MMM-YY', 'DD-MMM-YY (23-Nov-26)'],
  ['YYYY-MM-DD', 'YYYY-MM-DD (2026-11-23)'],
  ['MM/DD/YYYY', 'MM/DD/YYYY (11/23/2026)'],
];

const blank = (s: string | undefined) => !s || !s.trim();

/** validateMapping checks the mapping as the server does, keyed by field:
 * the date, and either a credit column or a single amount column. */
export function validateMapping(m: BankMapping): Record<string, string> {
  const e: Record<string, string> = {};
  if (blank(m.date)) e.date = 'Choose the column that holds the date of each transaction.';
  if (blank(m.amount) && blank(m.credit)) e.credit = 'Choose the column of credits (deposits), or a single amount column.';
  else if (!blank(m.amount) && !blank(m.credit)) e.amount = 'Choose either a single amount column or separate credit and debit columns, not both.';
  else if (!blank(m.amount) && !blank(m.debit)) e.debit = 'A debit column goes with a credit column, not with a single amount column.';
  else if (!blank(m.credit) && !blank(m.drCr)) e.drCr = 'A Dr/Cr column goes with a single amount column, not with a credit column.';
  // One column cannot hold two of these.
  const seen = new Map<string, string>();
  for (const k of ['date', 'amount', 'drCr', 'credit', 'debit', 'reference']) {
    const h = (m[k] ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    if (!h) continue;
    const other = seen.get(h);
    if (other && !e[k]) e[k] = `This column is already chosen as the ${other === 'drCr' ? 'Dr/Cr' : other} column.`;
    else if (!other) seen.set(h, k);
  }
  return e;
}

function rupees(amount: string): string {
  const p = amountPaise(amount);
  return p === null ? amount : formatRupees(p);
}

function MatchRow({ m, state, onAccept }: { m: ProposedMatch; state: string; onAccept: () => void }) {
  const d = m.donation;
  return (
    <tr>
      <td>{m.line}</td>
      <td>{showDay(m.date)}</td>
      <td>{rupees(m.amount)}</td>
      <td className="admin-wrap">{m.reference || m.description}</td>
      <td className="admin-wrap">
        {String(d.donorName ?? '')}: {String(d.amountText ?? '')}, paid {showDay(String(d.paidOn ?? ''))}, {String(d.mode ?? '')}{' '}
        {String(d.reference ?? '')}
      </td>
      <td>{m.reasons.join(', ')}</td>
      <td>
        {state === 'accepted' ? (
          <span className="admin-yes">Confirmed</span>
        ) : (
          <button type="button" className="btn btn-small" disabled={state === 'busy'} aria-label={`Accept match of line ${m.line} with ${String(d.donorName ?? '')}`} onClick={onAccept}>
            Accept
          </button>
        )}
        {state && state !== 'accepted' && state !== 'busy' ? <span className="admin-error"> {state}</span> : null}
      </td>
    </tr>
  );
}

function Unmatched({ rows }: { rows: StatementRow[] }) {
  if (rows.length === 0) return <p>Every credit of the statement has a proposed match.</p>;
  return (
    <>
      <h4>Credits with no reported gift ({rows.length})</h4>
      <p className="admin-hint">These may be gifts nobody has reported yet. Nothing is done with them.</p>
      <ul className="admin-plain">
        {rows.map((r) => (
          <li key={r.line}>
            Line {r.line}: {showDay(r.date)}, {rupees(r.amount)}, {r.reference || '—'} {r.description ? `(${r.description})` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

export function BankImport({ onChanged }: { onChanged: () => void }) {
  const fileId = useId();
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<BankMapping>({});
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  // Per match line: "" (waiting), "busy", "accepted", or the error.
  const [accepted, setAccepted] = useState<Record<number, string>>({});

  async function choose(f: File | null) {
    setFile(f);
    setHeaders(null);
    setResult(null);
    setAccepted({});
    setError('');
    setFieldErrors({});
    if (!f) return;
    setBusy(true);
    try {
      const res = await importHeaders(f);
      if (res.headers.length === 0) setError('No header row was found in this file. Is it the CSV export of the statement?');
      setHeaders(res.headers);
      setMapping(res.mapping);
    } catch (err) {
      setError(messageOf(err, 'The file could not be read.'));
    } finally {
      setBusy(false);
    }
  }

  async function read(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    const fe = validateMapping(mapping);
    setFieldErrors(fe);
    setError(Object.keys(fe).length > 0 ? 'Please correct the columns marked below.' : '');
    if (Object.keys(fe).length > 0) return;
    setBusy(true);
    try {
      setResult(await importStatement(file, mapping));
      setAccepted({});
    } catch (err) {
      setFieldErrors((err as { errors?: Record<string, string> }).errors ?? {});
      setError(messageOf(err, 'The statement could not be read.'));
    } finally {
      setBusy(false);
    }
  }

  async function accept(m: ProposedMatch): Promise<boolean> {
    setAccepted((a) => ({ ...a, [m.line]: 'busy' }));
    try {
      await confirmDonation(recordId(m.donation), m.date, m.amount);
      setAccepted((a) => ({ ...a, [m.line]: 'accepted' }));
      return true;
    } catch (err) {
      setAccepted((a) => ({ ...a, [m.line]: messageOf(err, 'Failed to confirm.') }));
      return false;
    }
  }

  async function acceptOne(m: ProposedMatch) {
    if (await accept(m)) {
      toast.success('Gift confirmed; the receipt is on its way.', TOAST);
      onChanged();
    }
  }

  async function acceptAll(list: ProposedMatch[]) {
    let ok = 0;
    // One at a time: each confirmation takes the next receipt number.
    for (const m of list) if (await accept(m)) ok++;
    const failed = list.length - ok;
    if (ok > 0) onChanged();
    if (failed > 0) toast.error(`${ok} confirmed, ${failed} could not be confirmed: see the table.`, TOAST);
    else toast.success(`${ok} ${ok === 1 ? 'gift' : 'gifts'} confirmed; their receipts are on their way.`, TOAST);
  }

  const waiting = result ? result.matches.filter((m) => accepted[m.line] !== 'accepted') : [];

  return (
    <section className="admin-panel-box" aria-labelledby={`${fileId}-title`}>
      <h3 id={`${fileId}-title`}>Bank statement</h3>
      <p className="admin-hint">
        Upload the CSV statement from the bank. Matches are only proposed: a gift is confirmed, and its receipt issued, only
        when you accept it.
      </p>
      <div className="admin-field">
        <label htmlFor={fileId}>Statement file (CSV)</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
      </div>
      {busy && <p role="status">Reading the statement…</p>}
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {headers && headers.length > 0 && (
        <form id={formId} className="admin-form admin-mapping" onSubmit={read} noValidate>
          <fieldset>
            <legend>Which column holds what?</legend>
            {COLUMNS.map(([key, label, hint]) => {
              const id = `${formId}-${key}`;
              const err = fieldErrors[key];
              return (
                <div className="admin-field" key={key}>
                  <label htmlFor={id}>{label}</label>
                  <select
                    id={id}
                    aria-describedby={err ? `${id}-hint ${id}-err` : `${id}-hint`}
                    aria-invalid={err ? true : undefined}
                    value={mapping[key] ?? ''}
                    onChange={(e) => setMapping((m) => ({ ...m, [key]: e.target.value }))}
                  >
                    <option value="">(none)</option>
                    {headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                  <span id={`${id}-hint`} className="admin-hint">
                    {hint}
                  </span>
                  {err && (
                    <span id={`${id}-err`} className="admin-error">
                      {err}
                    </span>
                  )}
                </div>
              );
            })}
            <div className="admin-field">
              <label htmlFor={`${formId}-layout`}>How dates are written</label>
              <select
                id={`${formId}-layout`}
                aria-invalid={fieldErrors.dateLayout ? true : undefined}
                aria-describedby={fieldErrors.dateLayout ? `${formId}-layout-err` : undefined}
                value={mapping.dateLayout ?? ''}
                onChange={(e) => setMapping((m) => ({ ...m, dateLayout: e.target.value }))}
              >
                {LAYOUTS.map(([l, text]) => (
                  <option key={l} value={l}>
                    {text}
                  </option>
                ))}
              </select>
              {fieldErrors.dateLayout && (
                <span id={`${formId}-layout-err`} className="admin-error">
                  {fieldErrors.dateLayout}
                </span>
              )}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Find matches
          </button>
        </form>
      )}
      {result && (
        <div className="admin-import-result" aria-live="polite">
          <p>
            {result.rows} {result.rows === 1 ? 'credit' : 'credits'} read; {result.matches.length} proposed{' '}
            {result.matches.length === 1 ? 'match' : 'matches'}.
          </p>
          {result.problems.length > 0 && (
            <>
              <h4>Lines that could not be read ({result.problems.length})</h4>
              <ul className="admin-plain">
                {result.problems.map((p) => (
                  <li key={p.line}>
                    Line {p.line}: {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.matches.length > 0 && (
            <>
              <div className="admin-toolbar">
                <h4>Proposed matches</h4>
                <button type="button" className="btn btn-primary" disabled={waiting.length === 0} onClick={() => acceptAll(waiting)}>
                  Accept all ({waiting.length})
                </button>
              </div>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it */}
              <div className="admin-table-wrap" role="region" aria-label="Proposed matches" tabIndex={0}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Date</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Bank reference</th>
                      <th scope="col">Reported gift</th>
                      <th scope="col">Matched by</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.matches.map((m) => (
                      <MatchRow key={m.line} m={m} state={accepted[m.line] ?? ''} onAccept={() => acceptOne(m)} />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <Unmatched rows={result.unmatched} />
        </div>
      )}
    </section>
  );
}
