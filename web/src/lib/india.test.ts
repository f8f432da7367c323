import { describe, expect, it } from 'vitest';
import amounts from '../../../internal/india/testdata/amounts.json';
import {
  VERHOEFF_D,
  VERHOEFF_P,
  amountMessages,
  checkGiftRules,
  financialYear,
  formatRupees,
  giftMessages,
  idMessages,
  parseAadhaar,
  parseAmount,
  parsePan,
  parseReference,
  referenceMessages,
  verhoeffDigit,
  verhoeffValid,
  type GiftRules,
} from './india';

// The amount cases are shared with the server's test: each is read as the
// same paise, or refused for the same problem (its code, amount_too_large,
// names the message tooLarge).
const problemKey = (code: string) => code.replace(/^amount_/, '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof typeof amountMessages;

describe('parseAmount', () => {
  const cases = (amounts as { cases: { in: string; paise?: number; error?: string }[] }).cases;
  it('reads the shared cases', () => expect(cases.length).toBeGreaterThan(40));
  it.each(cases.filter((c) => !c.error).map((c) => [c.in, c.paise] as const))('reads %j as %d paise', (input, paise) => {
    expect(parseAmount(input)).toBe(paise);
  });
  it.each(cases.filter((c) => c.error).map((c) => [c.in, c.error!] as const))('refuses %j (%s)', (input, code) => {
    expect(amountMessages[problemKey(code)]).toBeTruthy();
    expect(() => parseAmount(input)).toThrow(amountMessages[problemKey(code)]);
  });
});

describe('formatRupees', () => {
  it.each([
    [100, '₹1'],
    [99900, '₹999'],
    [100000, '₹1,000'],
    [10000000, '₹1,00,000'],
    [10500050, '₹1,05,000.50'],
    [1234567890, '₹1,23,45,678.90'],
    [10_00_00_000 * 100, '₹10,00,00,000'],
    [5, '₹0.05'],
  ])('writes %d paise as %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe('Verhoeff', () => {
  it('builds the published tables from the group D5', () => {
    expect(VERHOEFF_D[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(VERHOEFF_D[1]).toEqual([1, 2, 3, 4, 0, 6, 7, 8, 9, 5]);
    expect(VERHOEFF_D[5]).toEqual([5, 9, 8, 7, 6, 0, 4, 3, 2, 1]);
    expect(VERHOEFF_D[9]).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(VERHOEFF_P[1]).toEqual([1, 5, 7, 6, 2, 8, 3, 0, 9, 4]);
    expect(VERHOEFF_P[7]).toEqual([7, 0, 4, 6, 9, 1, 3, 2, 5, 8]);
  });

  it.each([
    ['236', '3'],
    ['12345', '1'],
    ['142857', '0'],
    ['99994105705', '8'],
  ])('the check digit of %s is %s', (digits, check) => {
    expect(verhoeffDigit(digits)).toBe(check);
    expect(verhoeffValid(digits + check)).toBe(true);
  });

  it.each(['2364', '2336', '', '236a', '999941057085'])('refuses %j', (s) => {
    expect(verhoeffValid(s)).toBe(false);
  });

  it('catches every single-digit typing mistake and every swap of neighbours', () => {
    const good = '999941057058';
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(verhoeffValid(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
      }
      if (i + 1 < good.length && good[i] !== good[i + 1]) {
        expect(verhoeffValid(good.slice(0, i) + good[i + 1] + good[i] + good.slice(i + 2))).toBe(false);
      }
    }
  });
});

describe('parsePan', () => {
  it('reads a PAN in any letter case', () => {
    expect(parsePan(' abcpe1234f ')).toBe('ABCPE1234F');
    expect(parsePan('AAATA1234Z')).toBe('AAATA1234Z');
  });
  it.each([
    ['', idMessages.empty],
    ['ABCPE1234', idMessages.panFormat],
    ['ABCPE12345', idMessages.panFormat],
    ['1BCPE1234F', idMessages.panFormat],
    ['ABCPEX234F', idMessages.panFormat],
    ['ABCXE1234F', idMessages.panHolder],
  ])('refuses %j', (s, message) => {
    expect(() => parsePan(s)).toThrow(message);
  });
});

describe('parseAadhaar', () => {
  it('reads twelve digits, together or in groups of four', () => {
    expect(parseAadhaar('999941057058')).toBe('999941057058');
    expect(parseAadhaar('9999 4105 7058')).toBe('999941057058');
  });
  it.each([
    ['', idMessages.empty],
    ['9999410570588', idMessages.aadhaarFormat],
    ['99 9941 057058', idMessages.aadhaarFormat],
    ['9999-4105-7058', idMessages.aadhaarFormat],
    ['012345678901', idMessages.aadhaarFirst],
    ['123456789012', idMessages.aadhaarFirst],
    ['999941057059', idMessages.aadhaarCheck],
    ['999914057058', idMessages.aadhaarCheck],
  ])('refuses %j', (s, message) => {
    expect(() => parseAadhaar(s)).toThrow(message);
  });
});

describe('parseReference', () => {
  it.each([
    ['UPI', ' 123456789012 ', '123456789012'],
    ['IMPS', '123456789012', '123456789012'],
    ['NEFT', 'sbin0123456789ab', 'SBIN0123456789AB'],
    ['RTGS', 'SBINR52026112300012345', 'SBINR52026112300012345'],
    ['CHEQUE', '004512', '004512'],
    ['CASH', 'anything', ''],
    ['CASH', '', ''],
  ])('%s %j is %j', (mode, input, want) => {
    expect(parseReference(mode, input)).toBe(want);
  });
  it.each([
    ['UPI', '', referenceMessages.empty],
    ['UPI', '12345678901', referenceMessages.upi],
    ['UPI', '12345678901A', referenceMessages.upi],
    ['IMPS', '1234567890123', referenceMessages.imps],
    ['NEFT', 'SBIN012345678', referenceMessages.neft],
    ['RTGS', 'SBINR5202611230001234567', referenceMessages.neft],
    ['NEFT', 'SBIN-0123456789AB', referenceMessages.invalid],
    ['CHEQUE', '12345', referenceMessages.cheque],
    ['CARD', '123', referenceMessages.mode],
  ])('refuses %s %j', (mode, input, message) => {
    expect(() => parseReference(mode, input)).toThrow(message);
  });
});

describe('checkGiftRules', () => {
  const ok: GiftRules = {
    amount: '5000',
    idType: 'PAN',
    idNumber: 'ABCPE1234F',
    receiptType: '80G',
    mode: 'UPI',
    reference: '123456789012',
    residentOfIndia: true,
  };

  it('passes a complete gift', () => {
    expect(checkGiftRules(ok)).toEqual({});
    expect(checkGiftRules({ ...ok, idType: 'AADHAAR', idNumber: '9999 4105 7058' })).toEqual({});
    expect(checkGiftRules({ ...ok, idType: '', idNumber: '', receiptType: 'General' })).toEqual({});
    expect(checkGiftRules({ ...ok, mode: 'CASH', reference: '', amount: '2000' })).toEqual({});
  });

  it('needs a PAN above ₹49,999', () => {
    expect(checkGiftRules({ ...ok, amount: '49999', idType: 'AADHAAR', idNumber: '999941057058' })).toEqual({});
    expect(checkGiftRules({ ...ok, amount: '49999.01', idType: 'AADHAAR', idNumber: '999941057058' })).toEqual({ idType: giftMessages.panRequired });
    expect(checkGiftRules({ ...ok, amount: '50000', idType: '', idNumber: '', receiptType: 'General' })).toEqual({ idType: giftMessages.panRequired });
  });

  it('needs a PAN or Aadhaar number for an 80G receipt', () => {
    expect(checkGiftRules({ ...ok, idType: 'OTHER', idNumber: 'P1234567' })).toEqual({ idType: giftMessages.needsId80G });
    expect(checkGiftRules({ ...ok, idType: '', idNumber: '' })).toEqual({ idType: giftMessages.needsId80G });
  });

  it('gives no 80G receipt for cash above ₹2,000', () => {
    expect(checkGiftRules({ ...ok, mode: 'CASH', reference: '', amount: '2000.01' })).toEqual({ receiptType: giftMessages.cash80G });
    expect(checkGiftRules({ ...ok, mode: 'CASH', reference: '', amount: '2000.01', receiptType: 'General' })).toEqual({});
  });

  it('refuses a donor outside India and an unanswered question', () => {
    expect(checkGiftRules({ ...ok, residentOfIndia: false })).toEqual({ residentOfIndia: giftMessages.nonResident });
    expect(checkGiftRules({ ...ok, residentOfIndia: null })).toEqual({ residentOfIndia: giftMessages.resident });
  });

  it('names every wrong field at once', () => {
    expect(
      checkGiftRules({ amount: '5e3', idType: 'PAN', idNumber: 'ABC', receiptType: '', mode: 'NEFT', reference: '123', residentOfIndia: true }),
    ).toEqual({
      amount: amountMessages.exponent,
      idNumber: idMessages.panFormat,
      receiptType: giftMessages.receiptType,
      reference: referenceMessages.neft,
    });
    expect(checkGiftRules({ ...ok, idType: '', idNumber: 'ABCPE1234F', receiptType: 'General' })).toEqual({ idType: idMessages.whichId });
    expect(checkGiftRules({ ...ok, mode: '' })).toEqual({ mode: referenceMessages.mode });
  });
});

describe('financialYear', () => {
  it.each([
    ['2026-03-31', '2025-26'],
    ['2026-04-01', '2026-27'],
    ['2099-12-31', '2099-00'],
    ['x', ''],
  ])('%s is in %s', (d, fy) => {
    expect(financialYear(d)).toBe(fy);
  });
});
