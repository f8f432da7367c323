import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './breaches';

describe('breach times', () => {
  it('reads a datetime-local value in the browser zone and writes it back', () => {
    const iso = fromLocalInput('2026-11-20T14:30');
    expect(iso).toMatch(/^2026-11-2\dT\d\d:\d\d:00Z$/);
    expect(new Date(iso).getHours()).toBe(14);
    expect(toLocalInput(iso)).toBe('2026-11-20T14:30');
  });
  it('gives empty for empty or broken values', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('yesterday')).toBe('');
    expect(toLocalInput('')).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });
});
