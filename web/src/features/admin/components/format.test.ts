import { describe, expect, it } from 'vitest';
import { formatDate, textOf, truncate } from './format';

describe('admin formatting', () => {
  it('cuts text over 25 characters to 12 and an ellipsis', () => {
    expect(truncate('a'.repeat(25))).toBe('a'.repeat(25));
    expect(truncate('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijkl…');
    expect(truncate('राधा'.repeat(10))).toBe(Array.from('राधा'.repeat(10)).slice(0, 12).join('') + '…');
  });
  it("shows dates with the month's name", () => {
    expect(formatDate('1945-08-15')).toBe('Aug 15, 1945');
    expect(textOf('initiationDate', '1970-01-02')).toBe('Jan 2, 1970');
    expect(textOf('createdAt', '2024-03-05T12:00:00.000Z')).toBe('Mar 5, 2024');
    expect(textOf('fullName', '1970-01-02')).toBe('1970-01-02');
  });
  it('shows booleans, lists and the referrer', () => {
    expect(textOf('consent', true)).toBe('Yes');
    expect(textOf('isAdmin', false)).toBe('No');
    expect(textOf('facilities', ['Doctor Nearby', 'Wifi'])).toBe('Doctor Nearby, Wifi');
    expect(textOf('referrer', { name: 'A', position: 'TP', contact: '1', email: 'a@b.c' })).toBe('A, TP, 1, a@b.c');
  });
});
