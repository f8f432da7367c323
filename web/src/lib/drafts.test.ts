import { afterEach, describe, expect, it } from 'vitest';
import { MAX_AGE_MS, clearAllDrafts, clearDraft, keepable, loadDraft, pruneDrafts, saveDraft } from './drafts';

afterEach(() => localStorage.clear());

const DAY = 24 * 60 * 60 * 1000;

describe('drafts', () => {
  it('keeps what was typed and gives it back', () => {
    saveDraft('volunteer', { fullName: 'Asha', areas: ['Other'], consent: true }, [], 1000);
    expect(loadDraft('volunteer', 2000)).toEqual({ savedAt: 1000, values: { fullName: 'Asha', areas: ['Other'], consent: true } });
  });

  it('never writes a password or another secret down', () => {
    saveDraft('register', { fullName: 'Asha', password: 'a long passphrase', newPassword: 'x', token: 't', website: 'bot', pin: '1234' }, ['pin']);
    const raw = JSON.stringify(localStorage);
    expect(raw).toContain('Asha');
    for (const secret of ['a long passphrase', '"t"', 'bot', '1234', 'newPassword']) expect(raw).not.toContain(secret);
    expect(keepable({ currentPassword: 'x', email: 'e' })).toEqual({ email: 'e' });
  });

  it('forgets a draft older than 7 days', () => {
    saveDraft('host', { fullName: 'Old' }, [], 0);
    expect(loadDraft('host', MAX_AGE_MS)).not.toBeNull();
    expect(loadDraft('host', MAX_AGE_MS + 1)).toBeNull();
    // It is removed, not only hidden.
    expect(localStorage.length).toBe(0);
  });

  it('prunes every old draft at once', () => {
    saveDraft('a', { x: 'old' }, [], 0);
    saveDraft('b', { x: 'new' }, [], 6 * DAY);
    pruneDrafts(8 * DAY);
    expect(loadDraft('a', 8 * DAY)).toBeNull();
    expect(loadDraft('b', 8 * DAY)?.values).toEqual({ x: 'new' });
  });

  it('has no draft for an empty form', () => {
    saveDraft('contact', { name: 'R' });
    saveDraft('contact', { name: '  ', list: [], ok: false });
    expect(loadDraft('contact')).toBeNull();
  });

  it('is cleared for one form, and for all on sign-out', () => {
    localStorage.setItem('token', 'keep-me');
    saveDraft('a', { x: '1' });
    saveDraft('b', { x: '2' });
    clearDraft('a');
    expect(loadDraft('a')).toBeNull();
    expect(loadDraft('b')).not.toBeNull();
    clearAllDrafts();
    expect(loadDraft('b')).toBeNull();
    expect(localStorage.getItem('token')).toBe('keep-me');
  });

  it('drops an unreadable entry', () => {
    localStorage.setItem('spdc:draft:x', '{not json');
    expect(loadDraft('x')).toBeNull();
    expect(localStorage.getItem('spdc:draft:x')).toBeNull();
  });
});
