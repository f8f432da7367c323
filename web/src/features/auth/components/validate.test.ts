import { describe, expect, it } from 'vitest';
import { serverErrors } from '@/components/form/form-kit';
import { isEmail, passwordRule, passwordProblem } from './validate';
import { safeReturnPath } from './login-form';

describe('account form checks', () => {
  it('accepts email-shaped addresses only', () => {
    expect(isEmail(' name@example.com ')).toBe(true);
    for (const bad of ['', 'name', 'name@', 'a b@example.com', 'name@localhost']) expect(isEmail(bad)).toBe(false);
  });

  it('bounds passwords as the server does', () => {
    expect(passwordProblem('')).toBe('Please enter a password.');
    expect(passwordProblem('nine char')).toMatch(/at least 10 characters/);
    expect(passwordProblem('ten chars!')).toBe('');
    expect(passwordProblem('eleven char', true)).toMatch(/at least 12 characters for an admin account/);
    expect(passwordProblem('twelve chars', true)).toBe('');
    expect(passwordProblem('          ')).toMatch(/only spaces/);
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024/);
    expect(passwordProblem('a long passphrase')).toBe('');
    expect(passwordRule()).toMatch(/10 characters \(12 for an admin\)/);
  });

  it('words server field errors with the label on the page', () => {
    document.body.innerHTML = '<label for="t-mobile">Mobile no.<span aria-hidden="true"> *</span></label><input id="t-mobile">';
    expect(serverErrors('t', { mobile: 'is already registered', other: 'is wrong' }, ['mobile', 'email'])).toEqual({
      mobile: 'Mobile no. is already registered.',
    });
    document.body.innerHTML = '';
  });

  it('returns only to pages of this site', () => {
    expect(safeReturnPath('/myaccount')).toBe('/myaccount');
    expect(safeReturnPath('/admin?tab=users')).toBe('/admin?tab=users');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/login', undefined, 42]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
