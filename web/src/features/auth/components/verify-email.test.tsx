import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { VerifyEmail } from './verify-email';
import { VerifyBanner } from '@/features/account/components/verify-banner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function open(token: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[`/verify-email/${token}`]}>
        <Routes>
          <Route path="/verify-email/:token" element={<VerifyEmail />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('VerifyEmail', () => {
  it('sends the token once and says the address is confirmed', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      json(200, { message: 'Thank you: your email address is confirmed.', emailVerified: true }));
    open('good-token');
    expect(await screen.findByText('Thank you: your email address is confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // Once, even though the page's effect runs twice in strict mode.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/users/verify-email');
    const init = fetchSpy.mock.calls[0][1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'good-token' });
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/myaccount');
  });

  it('explains a used or expired link with the server\'s words', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      json(410, { message: 'This confirmation link has expired: each link works for 48 hours. Please ask for a new link in My Account.' }));
    open('old-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('expired');
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toBeInTheDocument();
  });
});

describe('VerifyBanner', () => {
  it('asks for a new link and shows the answer', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      json(200, { message: 'We have sent a confirmation link to your email address. It works for 48 hours.', emailVerified: false }));
    render(<VerifyBanner email="asha@example.org" />);
    expect(screen.getByText('asha@example.org')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a confirmation link');
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/users/me/verify-email');
  });

  it('shows a refusal (too many requests) as an alert', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      json(429, { message: 'Too many confirmation emails. Please wait 5 minutes and try again.' }));
    render(<VerifyBanner email="asha@example.org" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many confirmation emails');
  });
});
