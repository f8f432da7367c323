import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ResetPasswordForm } from './reset-password-form';
import { keepConfirmation } from '@/lib/confirmation';
import { readConfirmation } from '@/lib/confirmation-read';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function open(token: string) {
  render(
    <MemoryRouter initialEntries={[`/reset-password/${token}`]}>
      <Routes>
        <Route path="/reset-password/:token" element={<ResetPasswordForm />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ResetPasswordForm', () => {
  it('explains a used link on opening, before anyone types, and offers a new one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(410, { message: 'This password reset link has already been used.' }));
    open('used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('already been used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/recoverpassword');
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    // Only the check was made: a GET.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/users/reset-password/used-token');
    expect((fetchSpy.mock.calls[0][1] as RequestInit).method).toBe('GET');
  });

  it('shows the form for a link that works', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(200, { valid: true, expiresAt: '2026-11-23T18:00:00Z' }));
    open('good-token');
    expect(await screen.findByLabelText(/^New Password/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes the note that a link was asked for once the link works, and keeps it for a used one', async () => {
    keepConfirmation('reset-requested');
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(410, { message: 'This password reset link has already been used.' }));
    open('used-token');
    await screen.findByRole('alert');
    expect(readConfirmation()?.kind).toBe('reset-requested');
    cleanup();
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(200, { valid: true, expiresAt: '2026-11-23T18:00:00Z' }));
    open('good-token');
    await screen.findByLabelText(/^New Password/);
    expect(readConfirmation()).toBeNull();
  });
});
