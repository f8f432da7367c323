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
  ['date', 'Date', 'The date the money arrived (value date or transaction date).'],
  ['amount', 'Amount', 'One column with the amount; leave empty when the bank has Credit and Debit columns.'],
  ['credit', 'Credit', 'Money in, when the bank has separate Credit and Debit columns.'],
  ['debit', 'Debit', 'Money out; those rows are skipped.'],
  ['reference', 'Reference', 'The UTR, cheque number or transaction ID.'],
  ['description', 'Description', 'The narration, which often carries the sender’s name and reference.'],
];

/** The date layouts banks use, as the server's layout strings. */
const LAYOUTS: [layout: string, label: string][] = [
  ['', 'Let the server work it out'],
  ['02/01/2006', 'DD/MM/YYYY (23/11/2026)'],
  ['02-01-2006', 'DD-MM-YYYY (23-11-2026)'],
  ['02/01/06', 'DD/MM/YY (23/11/26)'],
  ['02-Jan-2006', 'DD-Mon-YYYY (23-Nov-2026)'],
  ['02 Jan 2006', 'DD Mon YYYY (23 Nov 2026)'],
  ['2006-01-02', 'YYYY-MM-DD (2026-11-23)'],
];

/** keyFor finds the server's spelling of a mapping key ("date", "Date"). */
function keyFor(m: BankMapping, key: string): string {
  return Object.keys(m).find((k) => k.toLowerCase() === key.toLowerCase()) ?? key;
}

/** validateMapping names what must be chosen before the statement is read. */
export function validateMapping(m: BankMapping): string {
  const get = (k: string) => m[keyFor(m, k)] ?? '';
  if (!get('date')) return 'Choose the column that holds the date.';
  if (!get('amount') && !get('credit')) return 'Choose the Amount column, or the Credit column.';
  return '';
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
    const problem = validateMapping(mapping);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setResult(await importStatement(file, mapping));
      setAccepted({});
    } catch (err) {
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
              const k = keyFor(mapping, key);
              const id = `${formId}-${key}`;
              return (
                <div className="admin-field" key={key}>
                  <label htmlFor={id}>{label}</label>
                  <select id={id} aria-describedby={`${id}-hint`} value={mapping[k] ?? ''} onChange={(e) => setMapping((m) => ({ ...m, [k]: e.target.value }))}>
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
                </div>
              );
            })}
            <div className="admin-field">
              <label htmlFor={`${formId}-layout`}>How dates are written</label>
              {(() => {
                const k = keyFor(mapping, 'dateLayout');
                const value = mapping[k] ?? '';
                const known = LAYOUTS.some(([l]) => l === value);
                return (
                  <select id={`${formId}-layout`} value={value} onChange={(e) => setMapping((m) => ({ ...m, [k]: e.target.value }))}>
                    {!known && <option value={value}>{value}</option>}
                    {LAYOUTS.map(([l, text]) => (
                      <option key={l} value={l}>
                        {text}
                      </option>
                    ))}
                  </select>
                );
              })()}
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
