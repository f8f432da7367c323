import { describe, expect, it } from 'vitest';
import { isEmail, passwordProblem, serverFieldText } from './validate';
import { safeReturnPath } from './login-form';

describe('account form checks', () => {
  it('accepts email-shaped addresses only', () => {
    expect(isEmail(' name@example.com ')).toBe(true);
    for (const bad of ['', 'name', 'name@', 'a b@example.com', 'name@localhost']) expect(isEmail(bad)).toBe(false);
  });

  it('bounds passwords', () => {
    expect(passwordProblem('')).toBe('Please enter a password.');
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('        ')).toMatch(/only spaces/);
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024/);
    expect(passwordProblem('a long passphrase')).toBe('');
  });

  it('words server field errors with the label', () => {
    expect(serverFieldText('Mobile no.', 'is already registered')).toBe('Mobile no. is already registered.');
    expect(serverFieldText('Email', '')).toBe('');
  });

  it('returns only to pages of this site', () => {
    expect(safeReturnPath('/myaccount')).toBe('/myaccount');
    expect(safeReturnPath('/admin?tab=users')).toBe('/admin?tab=users');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/login', undefined, 42]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
