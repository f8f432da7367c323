import { describe, expect, it } from 'vitest';
import { amountMessages } from '@/lib/india';
import { yearsUpTo } from './annual-statement';
import { validateMapping } from './bank-import';
import { receiptOf, validateConfirm } from './donation-actions';

describe('the Donations tab', () => {
  it('checks the date received and the amount before confirming', () => {
    expect(validateConfirm('2026-11-20', '5000.50', '2026-11-23')).toEqual({});
    expect(validateConfirm('', '5000', '2026-11-23')).toEqual({ receivedOn: 'Enter the date the money reached the account.' });
    expect(validateConfirm('2026-11-24', '5000', '2026-11-23')).toEqual({ receivedOn: 'The date received cannot be in the future.' });
    expect(validateConfirm('2026-11-20', '1,00,000', '2026-11-23')).toEqual({});
    expect(validateConfirm('2026-11-20', '1,0000', '2026-11-23')).toEqual({ amount: amountMessages.separator });
    expect(validateConfirm('2026-11-20', '0', '2026-11-23')).toEqual({ amount: amountMessages.zero });
  });

  it('reads the receipt of a row', () => {
    expect(receiptOf({ receipt: null })).toBeNull();
    expect(receiptOf({ receipt: { _id: 'r1', number: 'SPDC/2026-27/000001', status: 'issued', duplicate: false } })).toEqual({
      _id: 'r1',
      number: 'SPDC/2026-27/000001',
      status: 'issued',
      duplicate: false,
    });
  });

  it('checks the column mapping as the server does', () => {
    expect(validateMapping({ date: 'Txn Date', amount: 'Amount', drCr: 'Dr/Cr' })).toEqual({});
    expect(validateMapping({ date: 'Value Date', credit: 'Deposit Amt.', debit: 'Withdrawal Amt.' })).toEqual({});
    expect(validateMapping({ date: '', credit: 'Cr' })).toEqual({ date: 'Choose the column that holds the date of each transaction.' });
    expect(validateMapping({ date: 'Date' })).toEqual({ credit: 'Choose the column of credits (deposits), or a single amount column.' });
    expect(validateMapping({ date: 'Date', amount: 'Amount', credit: 'Credit' }).amount).toMatch(/not both/);
    expect(validateMapping({ date: 'Date', amount: 'Amount', debit: 'Debit' }).debit).toMatch(/goes with a credit column/);
    expect(validateMapping({ date: 'Date', credit: 'Credit', drCr: 'Type' }).drCr).toMatch(/goes with a single amount column/);
    expect(validateMapping({ date: 'Date', credit: 'date' })).toEqual({ credit: 'This column is already chosen as the date column.' });
  });

  it('offers the financial years from the current one back', () => {
    expect(yearsUpTo('2026-11-23', 3)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(yearsUpTo('2026-03-31', 2)).toEqual(['2025-26', '2024-25']);
  });
});
