// India's rules for a reported gift, checked in the browser exactly as the
// server checks them, so that a donor is told what to fix before sending:
// amounts as decimal rupees, grouped or not (kept as integer paise, never floating
// point), PAN and Aadhaar numbers (with Aadhaar's Verhoeff check digit),
// transfer references by payment mode, and the rules that join fields (a PAN
// above ₹49,999, PAN or Aadhaar for an 80G receipt, no 80G receipt for cash
// above ₹2,000). The messages are the server's own words, in the language
// being shown.
import { t } from '@/i18n';

/** ruleMessages gives the sentences of one group of rules in the language
 * being shown (the catalogue's gift.rule.<group>.<name>), read each time
 * they are used so that they follow a change of language. */
function ruleMessages<K extends string>(group: string, names: readonly K[]): Readonly<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const n of names) Object.defineProperty(out, n, { get: () => t(`gift.rule.${group}.${n}`), enumerable: true });
  return out;
}

/** A refused value: the sentence to show beside its field. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

/** The largest single gift accepted, in paise: ten crore rupees. */
export const MAX_AMOUNT_PAISE = 10_00_00_000 * 100;
/** Above this amount (in paise) a PAN is required: ₹49,999. */
export const PAN_THRESHOLD_PAISE = 49_999 * 100;
/** Cash above this amount (in paise) cannot get an 80G receipt: ₹2,000. */
export const CASH_LIMIT_80G_PAISE = 2_000 * 100;

export const amountMessages = ruleMessages('amount', ['empty', 'negative', 'zero', 'sign', 'decimals', 'exponent', 'space', 'separator', 'digits', 'tooLarge', 'format']);

/** grouped reports whether a whole number's commas sit where people put
 * them: the last group of three digits, the ones before it all three
 * (international: 1,000,000) or all two (Indian: 10,00,000), the first one
 * to three (one or two in Indian grouping). */
export function grouped(digits: string): boolean {
  const groups = digits.split(',');
  if (groups.some((g) => !/^[0-9]+$/.test(g))) return false;
  const n = groups.length;
  if (n === 1) return true;
  if (groups[n - 1].length !== 3 || groups[0].length > 3) return false;
  const middle = groups.slice(1, n - 1);
  return middle.every((g) => g.length === 3) || (middle.every((g) => g.length === 2) && groups[0].length <= 2);
}

/** parseAmount reads a decimal amount in rupees ("5000", "5000.5",
 * "5000.50"), with or without the commas people write between groups of
 * digits, Indian ("1,00,000", "1,25,001.00") or international ("100,000"),
 * and returns it in paise; anything else throws a RuleError naming the
 * problem. Spaces around the value are ignored. */
export function parseAmount(input: string): number {
  const s = input.trim();
  if (s === '') throw new RuleError(amountMessages.empty);
  // The sign is told first: it is what the person most likely got wrong.
  if (s[0] === '-') throw new RuleError(amountMessages.negative);
  if (s[0] === '+') throw new RuleError(amountMessages.sign);
  for (const ch of s) {
    if ((ch >= '0' && ch <= '9') || ch === '.' || ch === ',') continue;
    if (ch === 'e' || ch === 'E') throw new RuleError(amountMessages.exponent);
    if (/\s/u.test(ch)) throw new RuleError(amountMessages.space);
    if (ch === '_' || ch === "'") throw new RuleError(amountMessages.separator);
    if (/\p{Nd}/u.test(ch)) throw new RuleError(amountMessages.digits);
    throw new RuleError(amountMessages.format);
  }
  const point = s.indexOf('.');
  let whole = point < 0 ? s : s.slice(0, point);
  const frac = point < 0 ? '' : s.slice(point + 1);
  if (frac.includes(',')) throw new RuleError(amountMessages.separator);
  if (whole.includes(',')) {
    if (!grouped(whole)) throw new RuleError(amountMessages.separator);
    whole = whole.replaceAll(',', '');
  }
  if (whole === '' || frac.includes('.') || (point >= 0 && frac === '')) throw new RuleError(amountMessages.format);
  if (frac.length > 2) throw new RuleError(amountMessages.decimals);
  const digits = whole.replace(/^0+/, '');
  // Ten crore has nine digits; a longer whole part is too large.
  if (digits.length > 9) throw new RuleError(amountMessages.tooLarge);
  const paise = Number(digits || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (paise === 0) throw new RuleError(amountMessages.zero);
  if (paise > MAX_AMOUNT_PAISE) throw new RuleError(amountMessages.tooLarge);
  return paise;
}

/** amountPaise is parseAmount without the error: null when refused. */
export function amountPaise(input: string): number | null {
  try {
    return parseAmount(input);
  } catch {
    return null;
  }
}

// Made on first use: a form that never shows an amount never pays for it.
let grouping: Intl.NumberFormat | undefined;

/** formatRupees writes paise in Indian grouping with the rupee sign:
 * "₹1,00,000" for whole rupees, "₹1,05,000.50" otherwise. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const p = Math.abs(Math.trunc(paise));
  const rupees = Math.floor(p / 100);
  const rest = p % 100;
  grouping ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  return `${sign}₹${grouping.format(rupees)}${rest ? '.' + String(rest).padStart(2, '0') : ''}`;
}

// The Verhoeff scheme in the dihedral group D5 (the symmetries of a
// pentagon): digits 0–4 stand for rotations, 5–9 for reflections. The tables
// are built from that definition; the tests compare them with the published
// ones.
function d5(j: number, k: number): number {
  const a = j % 5;
  const b = k % 5;
  if (j < 5 && k < 5) return (a + b) % 5;
  if (j < 5) return 5 + ((a + b) % 5);
  if (k < 5) return 5 + ((a - b + 5) % 5);
  return (a - b + 5) % 5;
}

/** The group operation of the Verhoeff scheme: VERHOEFF_D[j][k] = j·k. */
export const VERHOEFF_D: readonly (readonly number[])[] = Array.from({ length: 10 }, (_, j) => Array.from({ length: 10 }, (_, k) => d5(j, k)));

// The permutation applied once per position: (0 1 5 8 9 4 2 7)(3 6).
const SIGMA = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];

/** VERHOEFF_P[i] is the permutation applied i times (positions repeat every 8). */
export const VERHOEFF_P: readonly (readonly number[])[] = (() => {
  const p: number[][] = [Array.from({ length: 10 }, (_, k) => k)];
  for (let i = 1; i < 8; i++) p.push(p[i - 1].map((k) => SIGMA[k]));
  return p;
})();

/** verhoeffValid reports whether a string of ASCII digits ends in a correct
 * Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = VERHOEFF_D[c][VERHOEFF_P[i % 8][d]];
  }
  return c === 0;
}

/** verhoeffDigit returns the check digit to append to a string of ASCII digits. */
export function verhoeffDigit(digits: string): string {
  if (!/^[0-9]*$/.test(digits)) throw new RuleError('Only digits have a Verhoeff check digit.');
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = VERHOEFF_D[c][VERHOEFF_P[(i + 1) % 8][d]];
  }
  return String(VERHOEFF_D[c].indexOf(0));
}

export type IdType = '' | 'PAN' | 'AADHAAR' | 'OTHER';

export const idMessages = ruleMessages('id', ['empty', 'panFormat', 'panHolder', 'aadhaarFormat', 'aadhaarFirst', 'aadhaarCheck', 'otherLength', 'whichId']);

// The fourth letter of a PAN names the holder type: person, company, Hindu
// undivided family, firm, association of persons, trust, body of
// individuals, local authority, artificial juridical person, government,
// limited liability partnership.
const PAN_HOLDERS = 'PCHFATBLJGE';

/** parsePan reads a PAN in any letter case and returns it in uppercase. */
export function parsePan(input: string): string {
  const s = input.trim().toUpperCase();
  if (s === '') throw new RuleError(idMessages.empty);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s)) throw new RuleError(idMessages.panFormat);
  if (!PAN_HOLDERS.includes(s[3])) throw new RuleError(idMessages.panHolder);
  return s;
}

/** parseAadhaar reads twelve digits, or three groups of four separated by
 * single spaces, and checks the first digit and the Verhoeff check digit. */
export function parseAadhaar(input: string): string {
  let s = input.trim();
  if (s === '') throw new RuleError(idMessages.empty);
  if (s.length === 14 && s[4] === ' ' && s[9] === ' ') s = s.slice(0, 4) + s.slice(5, 9) + s.slice(10);
  if (!/^[0-9]{12}$/.test(s)) throw new RuleError(idMessages.aadhaarFormat);
  if (s[0] === '0' || s[0] === '1') throw new RuleError(idMessages.aadhaarFirst);
  if (!verhoeffValid(s)) throw new RuleError(idMessages.aadhaarCheck);
  return s;
}

/** parseId reads an ID number of the given type and returns its normal form. */
export function parseId(type: IdType, input: string): string {
  switch (type) {
    case 'PAN':
      return parsePan(input);
    case 'AADHAAR':
      return parseAadhaar(input);
    case 'OTHER': {
      const s = input.trim().toUpperCase();
      if (s === '') throw new RuleError(idMessages.empty);
      if ([...s].length > 75) throw new RuleError(idMessages.otherLength);
      return s;
    }
    default:
      return '';
  }
}

export type Mode = 'UPI' | 'IMPS' | 'NEFT' | 'RTGS' | 'CHEQUE' | 'CASH';
export const MODES: readonly Mode[] = ['UPI', 'IMPS', 'NEFT', 'RTGS', 'CHEQUE', 'CASH'];

export const referenceMessages = ruleMessages('ref', ['mode', 'empty', 'upi', 'imps', 'neft', 'cheque', 'invalid']);

/** parseReference checks a transfer reference against its mode's format and
 * returns it trimmed and in uppercase: UPI and IMPS 12 digits, NEFT and
 * RTGS 16 to 22 letters and digits, a cheque 6 digits; cash has none. */
export function parseReference(mode: string, input: string): string {
  const s = input.trim().toUpperCase();
  if (!MODES.includes(mode as Mode)) throw new RuleError(referenceMessages.mode);
  if (mode === 'CASH') return '';
  if (s === '') throw new RuleError(referenceMessages.empty);
  const digits = /^[0-9]+$/.test(s);
  switch (mode) {
    case 'UPI':
      if (!digits || s.length !== 12) throw new RuleError(referenceMessages.upi);
      break;
    case 'IMPS':
      if (!digits || s.length !== 12) throw new RuleError(referenceMessages.imps);
      break;
    case 'NEFT':
    case 'RTGS':
      if (!/^[A-Z0-9]+$/.test(s)) throw new RuleError(referenceMessages.invalid);
      if (s.length < 16 || s.length > 22) throw new RuleError(referenceMessages.neft);
      break;
    case 'CHEQUE':
      if (!digits || s.length !== 6) throw new RuleError(referenceMessages.cheque);
      break;
  }
  return s;
}

export const giftMessages = ruleMessages('gift', ['panRequired', 'needsId80G', 'cash80G', 'receiptType', 'resident', 'nonResident']);

/** The part of a gift report that India's rules read, as typed. */
export interface GiftRules {
  amount: string;
  idType: string;
  idNumber: string;
  receiptType: string;
  mode: string;
  reference: string;
  /** null while the question is unanswered. */
  residentOfIndia: boolean | null;
}

/** checkGiftRules applies every rule to a reported gift and returns the
 * problems keyed by the API's field names (empty when all is well). */
export function checkGiftRules(g: GiftRules): Record<string, string> {
  const errs: Record<string, string> = {};
  const add = (k: string, m: string) => {
    if (!errs[k]) errs[k] = m;
  };
  const message = (err: unknown) => (err instanceof RuleError ? err.message : String(err));

  let amount = 0;
  try {
    amount = parseAmount(g.amount);
  } catch (err) {
    add('amount', message(err));
  }

  const idType = g.idType.trim().toUpperCase();
  let id: IdType | null = null;
  if (idType === '' || idType === 'PAN' || idType === 'AADHAAR' || idType === 'OTHER') {
    id = idType;
    if (id === '') {
      if (g.idNumber.trim() !== '') add('idType', idMessages.whichId);
    } else {
      try {
        parseId(id, g.idNumber);
      } catch (err) {
        add('idNumber', message(err));
      }
    }
  } else {
    add('idType', t('gift.rule.id.type'));
  }

  const rt = g.receiptType.trim().toUpperCase();
  const receipt = rt === '80G' ? '80G' : rt === 'GENERAL' ? 'General' : '';
  if (!receipt) add('receiptType', giftMessages.receiptType);

  const mode = g.mode.trim().toUpperCase();
  try {
    parseReference(mode, g.reference);
  } catch (err) {
    add(MODES.includes(mode as Mode) ? 'reference' : 'mode', message(err));
  }

  if (g.residentOfIndia === null) add('residentOfIndia', giftMessages.resident);
  else if (!g.residentOfIndia) add('residentOfIndia', giftMessages.nonResident);

  // The rules that join fields; a field that is already wrong keeps its own message.
  if (amount > PAN_THRESHOLD_PAISE && id !== 'PAN' && !errs.idType) add('idType', giftMessages.panRequired);
  if (receipt === '80G' && id !== 'PAN' && id !== 'AADHAAR' && !errs.idType) add('idType', giftMessages.needsId80G);
  if (receipt === '80G' && mode === 'CASH' && amount > CASH_LIMIT_80G_PAISE) add('receiptType', giftMessages.cash80G);
  return errs;
}

/** maskId hides all but the last four characters ("XXXXXXXX0124"). */
export function maskId(s: string): string {
  const r = [...s];
  if (r.length <= 4) return 'X'.repeat(r.length);
  return 'X'.repeat(r.length - 4) + r.slice(-4).join('');
}

/** financialYear names the April–March year of a YYYY-MM-DD date ("2026-27"). */
export function financialYear(date: string): string {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  if (!m) return '';
  const y = Number(m[1]);
  const start = Number(m[2]) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
