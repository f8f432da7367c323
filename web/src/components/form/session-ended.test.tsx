import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ContactForm } from '@/features/contact/components/contact-form';
import { setSession } from '@/lib/session';
import { markResend, takeResend } from './session-ended';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function LoginPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <h1>Log In (back to {from})</h1>;
}

function page() {
  return render(
    <MemoryRouter initialEntries={['/contactus']}>
      <Routes>
        <Route path="/contactus" element={<ContactForm />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('resend marks', () => {
  it('are taken once, for their own form only', () => {
    markResend('host');
    expect(takeResend('volunteer')).toBe(false);
    expect(takeResend('host')).toBe(true);
    expect(takeResend('host')).toBe(false);
  });
});

describe('a form sent after the session ended', () => {
  it('keeps everything, asks to sign in again, and is filled in again on return', async () => {
    setSession('old-token', { _id: 'u1', fullName: 'Asha', email: 'asha@example.org', isAdmin: false } as never);
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        String(input).endsWith('/api/contact')
          ? new Response(JSON.stringify({ message: 'You were signed out, so this form was not sent.' }), { status: 401 })
          : new Response('{}', { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    page();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    await user.type(screen.getByLabelText(/^name/i), 'Asha Devi');
    await user.type(screen.getByLabelText(/^email/i), 'asha@example.org');
    await user.type(screen.getByLabelText(/subject/i), 'A visit');
    await user.type(screen.getByLabelText(/phone/i), '+91 98765 43210');
    await user.type(screen.getByRole('textbox', { name: /^message/i }), 'When may I visit?');
    await user.click(document.getElementById('contact-acceptTerms')!);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(/You were signed out, so this form was not sent/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^message/i })).toHaveValue('When may I visit?');
    expect(localStorage.getItem('token')).toBeNull();
    expect(form).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign in again' }));
    expect(screen.getByRole('heading', { name: 'Log In (back to /contactus)' })).toBeInTheDocument();
    cleanup();

    // Back from signing in: the form is filled in as it was, ready to send.
    page();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^message/i })).toHaveValue('When may I visit?'));
    expect(screen.getByLabelText(/subject/i)).toHaveValue('A visit');
    expect(screen.getByText(/You are signed in again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore it' })).toBeNull();
  });
});
