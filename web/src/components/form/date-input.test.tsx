import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateInput, checkDate, dateParts, dateValue } from './date-input';
import { formatDay } from '@/lib/dates';

afterEach(cleanup);

describe('dateValue', () => {
  it('gives the YYYY-MM-DD the server takes', () => {
    expect(dateValue('1948-3-7')).toBe('1948-03-07');
    expect(dateValue('1948-03-27')).toBe('1948-03-27');
    expect(dateValue(' 1948 - 3 - 7 ')).toBe('1948-03-07');
    expect(dateValue('')).toBe('');
    expect(dateValue('--')).toBe('');
  });
  it('keeps an unfinished date as typed, for checkDate to refuse', () => {
    expect(dateValue('48-3-7')).toBe('48-3-7');
    expect(dateParts('1948--7')).toEqual({ year: '1948', month: '', day: '7' });
  });
});

describe('checkDate', () => {
  it('accepts a real date, and nothing when not required', () => {
    expect(checkDate('1948-3-27', 'Date of birth', { pastOf: '2026-11-23' })).toBe('');
    expect(checkDate('', 'Date of birth')).toBe('');
  });
  it('says what is wrong in plain words', () => {
    expect(checkDate('1948-2-30', 'Date of birth')).toBe('Date of birth must be a real date.');
    expect(checkDate('1948-13-1', 'Date of birth')).toBe('Date of birth must be a real date.');
    expect(checkDate('2030-1-1', 'Date of birth', { pastOf: '2026-11-23' })).toBe('Date of birth must be in the past.');
    expect(checkDate('1948--1', 'Date of birth')).toBe('Date of birth must include a month.');
    expect(checkDate('-3-', 'Date of birth')).toBe('Date of birth must include a day and a year.');
    expect(checkDate('48-3-1', 'Date of birth')).toBe('Date of birth: the year must have 4 numbers, like 1948.');
    expect(checkDate('', 'Referrer date', { required: true })).toBe('Enter the referrer date.');
    expect(checkDate('2026-11-24', 'Referrer date', { notAfter: '2026-11-23' })).toBe('Referrer date cannot be in the future.');
    expect(checkDate('1965-12-31', 'Initiation date', { min: '1966-01-01', max: '1977-11-14', rangeMsg: 'Between 1966 and 1977.' })).toBe('Between 1966 and 1977.');
  });
});

function Demo({ start = '' }: { start?: string }) {
  const [v, setV] = useState(start);
  return (
    <>
      <DateInput id="dob" legend="Date of birth" value={v} onChange={setV} error={checkDate(v, 'Date of birth') || undefined} />
      <output data-testid="value">{dateValue(v)}</output>
    </>
  );
}

describe('DateInput', () => {
  it('is three labelled boxes in a group named by the question', () => {
    render(<Demo />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group).toHaveAccessibleDescription('For example, 27 3 1948');
    for (const name of ['Day', 'Month', 'Year']) expect(screen.getByRole('textbox', { name })).toHaveAttribute('inputmode', 'numeric');
  });

  it('turns day, month and year into one date', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '5');
    expect(screen.getByRole('group')).toHaveAccessibleDescription(/must include a year/);
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1948');
    expect(screen.getByTestId('value')).toHaveTextContent('1948-05-02');
    expect(screen.getByRole('textbox', { name: 'Day' })).not.toHaveAttribute('aria-invalid');
  });

  it('shows a stored date in its boxes', () => {
    render(<Demo start="1972-08-31" />);
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('31');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('08');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveValue('1972');
  });
});

describe('formatDay', () => {
  it("names the month, so a date reads one way", () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDay('1950-04-03')).toBe('Apr 3, 1950');
    expect(formatDay('')).toBe('-');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
