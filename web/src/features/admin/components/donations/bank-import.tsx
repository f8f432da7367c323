// Bank statement import: the admin uploads the bank's CSV, says once which
// column holds what (the server remembers it and fills it in next time),
// and gets the statement's credits proposed as matches for reported gifts
// by reference, amount and date. Nothing is confirmed until the admin
// accepts a match, one by one or all at once; accepting confirms the gift
// with the statement's date and amount, which issues its receipt.
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/lazy-toaster';
import { messageOf } from '@/lib/api';
import { t, useT } from '@/i18n';
import { amountPaise, formatRupees } from '@/lib/india';
import { recordId } from '../../api/admin';
import { formatDate } from '../format';
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

/** The columns to map, by the mapping's key, with their name and what
 * each holds, in the language being shown. */
const COLUMNS: [key: string, label: () => string, hint: () => string][] = [
  ['date', () => t('admin.col.date'), () => t('admin.colHint.date')],
  ['credit', () => t('admin.col.credit'), () => t('admin.colHint.credit')],
  ['debit', () => t('admin.col.debit'), () => t('admin.colHint.debit')],
  ['amount', () => t('admin.col.amount'), () => t('admin.colHint.amount')],
  ['drCr', () => t('admin.col.drCr'), () => t('admin.colHint.drCr')],
  ['reference', () => t('admin.col.reference'), () => t('admin.colHint.reference')],
  ['description', () => t('admin.col.description'), () => t('admin.colHint.description')],
];

/** columnLabel is a column's name in the language being shown. */
function columnLabel(key: string): string {
  return COLUMNS.find(([k]) => k === key)?.[1]() ?? key;
}

/** The date layouts the server reads; empty reads any day-first date
 * (its label is in the language being shown). */
const LAYOUTS: [layout: string, label: string][] = [
  ['', ''],
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
  if (blank(m.date)) e.date = t('admin.mapDate');
  if (blank(m.amount) && blank(m.credit)) e.credit = t('admin.mapCredit');
  else if (!blank(m.amount) && !blank(m.credit)) e.amount = t('admin.mapBoth');
  else if (!blank(m.amount) && !blank(m.debit)) e.debit = t('admin.mapDebit');
  else if (!blank(m.credit) && !blank(m.drCr)) e.drCr = t('admin.mapDrCr');
  // One column cannot hold two of these.
  const seen = new Map<string, string>();
  for (const k of ['date', 'amount', 'drCr', 'credit', 'debit', 'reference']) {
    const h = (m[k] ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    if (!h) continue;
    const other = seen.get(h);
    if (other && !e[k]) e[k] = t('admin.mapTaken', { column: other === 'drCr' ? columnLabel(other) : columnLabel(other).toLowerCase() });
    else if (!other) seen.set(h, k);
  }
  return e;
}

function rupees(amount: string): string {
  const p = amountPaise(amount);
  return p === null ? amount : formatRupees(p);
}

function MatchRow({ m, state, onAccept }: { m: ProposedMatch; state: string; onAccept: () => void }) {
  const t = useT();
  const d = m.donation;
  return (
    <tr>
      <td>{m.line}</td>
      <td>{formatDate(m.date)}</td>
      <td>{rupees(m.amount)}</td>
      <td className="admin-wrap">{m.reference || m.description}</td>
      <td className="admin-wrap">
        {t('admin.matchGift', {
          donor: String(d.donorName ?? ''),
          amount: String(d.amountText ?? ''),
          paid: formatDate(String(d.paidOn ?? '')),
          mode: String(d.mode ?? ''),
          reference: String(d.reference ?? ''),
        })}
      </td>
      <td>{m.reasons.join(', ')}</td>
      <td>
        {state === 'accepted' ? (
          <span className="admin-yes">{t('admin.confirmed')}</span>
        ) : (
          <button type="button" className="btn btn-small" disabled={state === 'busy'} aria-label={t('admin.acceptMatch', { line: m.line, donor: String(d.donorName ?? '') })} onClick={onAccept}>
            {t('admin.accept')}
          </button>
        )}
        {state && state !== 'accepted' && state !== 'busy' ? <span className="admin-error"> {state}</span> : null}
      </td>
    </tr>
  );
}

function Unmatched({ rows }: { rows: StatementRow[] }) {
  const t = useT();
  if (rows.length === 0) return <p>{t('admin.allMatched')}</p>;
  return (
    <>
      <h4>{t('admin.unmatched', { n: rows.length })}</h4>
      <p className="admin-hint">{t('admin.unmatchedHint')}</p>
      <ul className="admin-plain">
        {rows.map((r) => (
          <li key={r.line}>
            {t('admin.lineN', { line: r.line })}: {formatDate(r.date)}, {rupees(r.amount)}, {r.reference || '—'} {r.description ? `(${r.description})` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

export function BankImport({ onChanged }: { onChanged: () => void }) {
  const fileId = useId();
  const formId = useId();
  const t = useT();
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
      if (res.headers.length === 0) setError(t('admin.noHeader'));
      setHeaders(res.headers);
      setMapping(res.mapping);
    } catch (err) {
      setError(messageOf(err, t('admin.fileUnreadable')));
    } finally {
      setBusy(false);
    }
  }

  async function read(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    const fe = validateMapping(mapping);
    setFieldErrors(fe);
    setError(Object.keys(fe).length > 0 ? t('admin.fixColumns') : '');
    if (Object.keys(fe).length > 0) return;
    setBusy(true);
    try {
      setResult(await importStatement(file, mapping));
      setAccepted({});
    } catch (err) {
      setFieldErrors((err as { errors?: Record<string, string> }).errors ?? {});
      setError(messageOf(err, t('admin.statementUnreadable')));
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
      setAccepted((a) => ({ ...a, [m.line]: messageOf(err, t('admin.confirmFailed')) }));
      return false;
    }
  }

  async function acceptOne(m: ProposedMatch) {
    if (await accept(m)) {
      toast.success(t('admin.giftConfirmed'), TOAST);
      onChanged();
    }
  }

  async function acceptAll(list: ProposedMatch[]) {
    let ok = 0;
    // One at a time: each confirmation takes the next receipt number.
    for (const m of list) if (await accept(m)) ok++;
    const failed = list.length - ok;
    if (ok > 0) onChanged();
    if (failed > 0) toast.error(t('admin.someFailed', { ok, failed }), TOAST);
    else toast.success(t('admin.allConfirmed', { n: ok }), TOAST);
  }

  const waiting = result ? result.matches.filter((m) => accepted[m.line] !== 'accepted') : [];

  return (
    <section className="admin-panel-box" aria-labelledby={`${fileId}-title`}>
      <h3 id={`${fileId}-title`}>{t('admin.bankStatement')}</h3>
      <p className="admin-hint">
        {t('admin.bankHint')}
      </p>
      <div className="admin-field">
        <label htmlFor={fileId}>{t('admin.statementFile')}</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
      </div>
      {busy && <p role="status">{t('admin.reading')}</p>}
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {headers && headers.length > 0 && (
        <form id={formId} className="admin-form admin-mapping" onSubmit={read} noValidate>
          <fieldset>
            <legend>{t('admin.whichColumn')}</legend>
            {COLUMNS.map(([key, label, hint]) => {
              const id = `${formId}-${key}`;
              const err = fieldErrors[key];
              return (
                <div className="admin-field" key={key}>
                  <label htmlFor={id}>{label()}</label>
                  <select
                    id={id}
                    aria-describedby={err ? `${id}-hint ${id}-err` : `${id}-hint`}
                    aria-invalid={err ? true : undefined}
                    value={mapping[key] ?? ''}
                    onChange={(e) => setMapping((m) => ({ ...m, [key]: e.target.value }))}
                  >
                    <option value="">{t('admin.none')}</option>
                    {headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                  <span id={`${id}-hint`} className="admin-hint">
                    {hint()}
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
              <label htmlFor={`${formId}-layout`}>{t('admin.dateLayout')}</label>
              <select
                id={`${formId}-layout`}
                aria-invalid={fieldErrors.dateLayout ? true : undefined}
                aria-describedby={fieldErrors.dateLayout ? `${formId}-layout-err` : undefined}
                value={mapping.dateLayout ?? ''}
                onChange={(e) => setMapping((m) => ({ ...m, dateLayout: e.target.value }))}
              >
                {LAYOUTS.map(([l, text]) => (
                  <option key={l} value={l}>
                    {l ? text : t('admin.layoutAuto')}
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
            {t('admin.findMatches')}
          </button>
        </form>
      )}
      {result && (
        <div className="admin-import-result" aria-live="polite">
          <p>
            {t('admin.creditsRead', { n: result.rows })}; {t('admin.proposedCount', { n: result.matches.length })}
          </p>
          {result.problems.length > 0 && (
            <>
              <h4>{t('admin.problems', { n: result.problems.length })}</h4>
              <ul className="admin-plain">
                {result.problems.map((p) => (
                  <li key={p.line}>
                    {t('admin.lineN', { line: p.line })}: {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.matches.length > 0 && (
            <>
              <div className="admin-toolbar">
                <h4>{t('admin.proposed')}</h4>
                <button type="button" className="btn btn-primary" disabled={waiting.length === 0} onClick={() => acceptAll(waiting)}>
                  {t('admin.acceptAll', { n: waiting.length })}
                </button>
              </div>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so the keyboard can scroll it */}
              <div className="admin-table-wrap" role="region" aria-label={t('admin.proposed')} tabIndex={0}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.thLine')}</th>
                      <th scope="col">{t('admin.col.date')}</th>
                      <th scope="col">{t('admin.col.amount')}</th>
                      <th scope="col">{t('admin.thBankRef')}</th>
                      <th scope="col">{t('admin.thReported')}</th>
                      <th scope="col">{t('admin.thMatchedBy')}</th>
                      <th scope="col">{t('admin.thAction')}</th>
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
