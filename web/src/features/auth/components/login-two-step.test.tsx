import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LoginForm } from './login-form';
import { codeProblem } from '@/lib/one-time-code';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

const challenge = 'c'.repeat(43);

/** passwordStep opens the sign-in page and signs in with a password. */
async function passwordStep() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginForm />
    </MemoryRouter>,
  );
  await user.type(screen.getByLabelText(/^Email or Phone/), 't@example.org');
  await user.type(screen.getByLabelText(/^Password/), 'a long admin passphrase');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
}

describe('the second step of signing in', () => {
  it('asks for the code after a right password, keeps no session until it is right, and sends code and challenge', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const path = String(input);
      calls.push({ path, body: JSON.parse(String((init as RequestInit).body)) });
      if (path === '/api/users/login') return json(200, { twoStep: true, challenge, expiresAt: '2026-11-27T10:05:00Z', message: 'code' });
      const code = (calls.at(-1)!.body as { code: string }).code;
      if (code === '111111') return json(401, { message: 'This code is not right, or it was already used.', errors: { code: 'is not right, or was already used' } });
      return json(200, { token: 'session-token', user: { _id: 'u1', fullName: 'Tulasi', email: 't@example.org', isAdmin: true, roles: ['admin'], permissions: ['staff'] } });
    });
    const user = await passwordStep();

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    const field = screen.getByLabelText(/^6-digit code/);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();

    // Checked before sending: 5 digits are not a code.
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(1);

    await user.clear(field);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText(/This code is not right/)).not.toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(screen.getByLabelText(/^6-digit code/), '222 333');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBe('session-token'));
    expect(calls.at(-1)).toEqual({ path: '/api/users/login/two-step', body: { challenge, code: '222 333' } });
  });

  it('goes back to the password with the reason when the sign-in has ended', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input) === '/api/users/login'
        ? json(200, { twoStep: true, challenge, expiresAt: '2026-11-27T10:05:00Z', message: 'code' })
        : json(401, { message: 'This sign-in has ended. Please sign in again with your password.', errors: { challenge: 'has ended' } }),
    );
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'No phone at hand? Use a recovery code' }));
    const rec = screen.getByLabelText(/^Recovery code/);
    expect(rec).toHaveAttribute('inputmode', 'text');
    await user.type(rec, 'abcd-efgh-2345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getAllByText(/This sign-in has ended/)).not.toHaveLength(0);
  });
});

describe('codeProblem', () => {
  it('reads codes as the server does', () => {
    expect(codeProblem('123456', false)).toBe('');
    expect(codeProblem(' 123 456 ', false)).toBe('');
    expect(codeProblem('12345', false)).not.toBe('');
    expect(codeProblem('', false)).not.toBe('');
    expect(codeProblem('ABCD-EFGH-2345', true)).toBe('');
    expect(codeProblem('abcd efgh 2345', true)).toBe('');
    // 0, 1, I and O are never in a recovery code.
    expect(codeProblem('ABCD-EFGH-2340', true)).not.toBe('');
    expect(codeProblem('ABCD-EFGH', true)).not.toBe('');
  });
});
