// Fetchers of the dashboard's Donations tab beyond the shared list: confirm
// or reject a reported gift, the receipt's PDF, cancel and reissue, the bank
// statement import, and the annual statement of donations.
import { fetchFile, receiptFileName, saveBlob } from '@/lib/download';
import { api, type AdminRecord } from './admin';

type Answer = { message?: string; donation?: AdminRecord };

const enc = encodeURIComponent;

export function confirmDonation(id: string, receivedOn: string, amount: string): Promise<Answer> {
  return api(`/admin/donations/${enc(id)}/confirm`, { method: 'POST', body: { receivedOn, amount } });
}

export function rejectDonation(id: string, reason: string): Promise<Answer> {
  return api(`/admin/donations/${enc(id)}/reject`, { method: 'POST', body: { reason } });
}

export function cancelReceipt(receiptId: string, reason: string): Promise<Answer> {
  return api(`/admin/receipts/${enc(receiptId)}/cancel`, { method: 'POST', body: { reason } });
}

export function reissueReceipt(receiptId: string): Promise<Answer> {
  return api(`/admin/receipts/${enc(receiptId)}/reissue`, { method: 'POST' });
}

/** downloadReceipt saves a receipt's PDF; number names the file. */
export async function downloadReceipt(receiptId: string, number: string): Promise<void> {
  const res = await fetchFile(`/admin/receipts/${enc(receiptId)}.pdf`);
  saveBlob(await res.blob(), receiptFileName(number || receiptId));
}

/** The columns of a bank statement, as the server's mapping names them.
 * Keys are kept as the server sends them and sent back the same way. */
export type BankMapping = Record<string, string>;

export interface HeadersAnswer {
  headers: string[];
  mapping: BankMapping;
}

/** importHeaders sends the statement and gets its header row and the
 * remembered (or guessed) mapping of its columns. */
export async function importHeaders(file: File): Promise<HeadersAnswer> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetchFile('/admin/donations/import/headers', { method: 'POST', body: form });
  const data = (await res.json()) as Partial<HeadersAnswer>;
  return { headers: Array.isArray(data.headers) ? data.headers.map(String) : [], mapping: mappingOf(data.mapping) };
}

function mappingOf(v: unknown): BankMapping {
  const out: BankMapping = {};
  if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** StatementRow is one credit of the bank statement. */
export interface StatementRow {
  line: number;
  date: string;
  amount: string;
  reference: string;
  description: string;
}

export interface ProposedMatch extends StatementRow {
  donation: AdminRecord;
  reasons: string[];
}

export interface ImportAnswer {
  rows: number;
  problems: { line: number; message: string }[];
  matches: ProposedMatch[];
  unmatched: StatementRow[];
}

/** importStatement sends the statement with its mapping (which the server
 * remembers) and gets the proposed matches; nothing is confirmed yet. */
export async function importStatement(file: File, mapping: BankMapping): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  form.append('mapping', JSON.stringify(mapping));
  const res = await fetchFile('/admin/donations/import', { method: 'POST', body: form });
  const d = (await res.json()) as Partial<ImportAnswer>;
  return {
    rows: typeof d.rows === 'number' ? d.rows : 0,
    problems: Array.isArray(d.problems) ? d.problems : [],
    matches: Array.isArray(d.matches) ? d.matches : [],
    unmatched: Array.isArray(d.unmatched) ? d.unmatched : [],
  };
}

export interface StatementCheck {
  fy: string;
  form: string;
  provisional: boolean;
  rows: number;
  unfileable: { donationId: string; donorName: string; problem: string }[];
}

export function checkStatement(fy: string): Promise<StatementCheck> {
  return api(`/admin/donations/statement?fy=${enc(fy)}`);
}

export async function downloadStatement(fy: string): Promise<void> {
  const res = await fetchFile(`/admin/donations/statement.csv?fy=${enc(fy)}`);
  saveBlob(await res.blob(), `statement-of-donations-${fy}.csv`);
}
