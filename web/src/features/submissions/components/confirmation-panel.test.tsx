import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LazyConfirmation, CONFIRMATION_KEY } from '@/components/lazy-confirmation';
import { CONFIRMATION_TTL_MS, keepConfirmation } from '@/lib/confirmation';
import { closeConfirmation, readConfirmation } from '@/lib/confirmation-read';
import { clearSession, setSession } from '@/lib/session';
import ConfirmationPanel from './confirmation-panel';

beforeEach(() => {
  // The panel reads the site's phone numbers; this site has none.
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response('{}', { status: 404 })));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const signIn = (id: string, email: string) =>
  setSession('token-' + id, { _id: id, fullName: 'Gopika Sundari', email, isAdmin: false });

describe('confirmation store', () => {
  it('keeps a signed-in person’s reference, time and address, for this browser session, until closed', () => {
    signIn('u1', 'h@example.org');
    keepConfirmation('host', { reference: 'H-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z' }, ' h@example.org ');
    expect(readConfirmation()).toEqual({ kind: 'host', reference: 'H-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z', email: 'h@example.org' });
    expect(sessionStorage.getItem(CONFIRMATION_KEY)).not.toBeNull();
    expect(localStorage.getItem(CONFIRMATION_KEY)).toBeNull();
    closeConfirmation();
    expect(readConfirmation()).toBeNull();
  });

  it('never keeps an address for a signed-out visitor', () => {
    keepConfirmation('contact', { reference: 'M-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z' }, 'visitor@example.org');
    expect(readConfirmation()).toEqual({ kind: 'contact', reference: 'M-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z' });
    expect(sessionStorage.getItem(CONFIRMATION_KEY)).not.toContain('visitor@example.org');
    // An address stored without an account (by hand, or an older version) is not shown.
    const kept = JSON.parse(sessionStorage.getItem(CONFIRMATION_KEY) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify({ ...kept, email: 'visitor@example.org' }));
    expect(readConfirmation()?.email).toBeUndefined();
  });

  it('ends when its account signs out or another signs in', () => {
    signIn('u1', 'a@example.org');
    keepConfirmation('password-change');
    expect(readConfirmation()?.kind).toBe('password-change');
    clearSession();
    expect(readConfirmation()).toBeNull();
    expect(sessionStorage.getItem(CONFIRMATION_KEY)).toBeNull();

    signIn('u1', 'a@example.org');
    keepConfirmation('volunteer', { reference: 'V-2345-67' }, 'a@example.org');
    signIn('u2', 'b@example.org');
    expect(readConfirmation()).toBeNull();
  });

  it('ends after a day', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T14:00:00Z'));
    keepConfirmation('password');
    vi.setSystemTime(Date.now() + CONFIRMATION_TTL_MS - 1000);
    expect(readConfirmation()?.kind).toBe('password');
    vi.setSystemTime(Date.now() + 2000);
    expect(readConfirmation()).toBeNull();
    expect(sessionStorage.getItem(CONFIRMATION_KEY)).toBeNull();
  });

  it('forgets one an older version kept until closed', () => {
    localStorage.setItem(CONFIRMATION_KEY, JSON.stringify({ kind: 'password', receivedAt: '2026-11-23T14:00:00Z', email: 'old@example.org' }));
    expect(readConfirmation()).toBeNull();
    expect(localStorage.getItem(CONFIRMATION_KEY)).toBeNull();
  });

  it('keeps nothing without a reference, and ignores what it cannot read', () => {
    keepConfirmation('volunteer', { message: 'ok' });
    expect(sessionStorage.getItem(CONFIRMATION_KEY)).toBeNull();
    sessionStorage.setItem(CONFIRMATION_KEY, JSON.stringify({ kind: 'spam', reference: 'x', receivedAt: 'y', keptAt: Date.now() }));
    expect(readConfirmation()).toBeNull();
    sessionStorage.setItem(CONFIRMATION_KEY, 'not json');
    expect(readConfirmation()).toBeNull();
  });
});

describe('ConfirmationPanel', () => {
  it('confirms a reset link asked for, without claiming an account exists', () => {
    keepConfirmation('reset-requested');
    render(
      <MemoryRouter>
        <ConfirmationPanel />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'A link to set a new password was asked for' })).toHaveFocus();
    expect(screen.getByText(/If an account uses the address you gave/)).toBeInTheDocument();
  });

  it('confirms a password changed in My Account', () => {
    keepConfirmation('password-change');
    render(
      <MemoryRouter>
        <ConfirmationPanel />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Your password was changed' })).toHaveFocus();
    expect(screen.getByText(/the next time you sign in/)).toBeInTheDocument();
  });

  it('shows what was received, when, the reference, what happens next and how to reach us', () => {
    signIn('u1', 'madhava@example.org');
    keepConfirmation('disciple', { reference: 'D-ABCD-EF', receivedAt: '2026-11-23T14:00:00Z' }, 'madhava@example.org');
    render(
      <MemoryRouter>
        <ConfirmationPanel />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Your disciple registration was received' })).toHaveFocus();
    expect(screen.getByText('D-ABCD-EF')).toBeInTheDocument();
    expect(screen.getByText(/Nov 23, 2026/)).toBeInTheDocument();
    expect(screen.getByText('madhava@example.org')).toBeInTheDocument();
    expect(screen.getByText(/temple president a link to confirm it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contactus');
  });

  it('confirms an account, a new password or a temple president’s answer without a reference', () => {
    keepConfirmation('approval-review');
    expect(readConfirmation()?.reference).toBeUndefined();
    render(
      <MemoryRouter>
        <ConfirmationPanel />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Your confirmation was received' })).toBeInTheDocument();
    expect(screen.getByText(/An SPDC admin will check it/)).toBeInTheDocument();
    expect(screen.queryByText(/Your reference/)).toBeNull();
    // A submission without its reference is not kept.
    keepConfirmation('host', {});
    expect(readConfirmation()?.kind).toBe('approval-review');
  });

  it('is shown by the layout while one waits, and goes when closed', async () => {
    render(
      <MemoryRouter>
        <LazyConfirmation />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('confirmation-panel')).toBeNull();
    act(() => keepConfirmation('volunteer', { reference: 'V-2345-67', receivedAt: '2026-11-23T14:00:00Z' }));
    expect(await screen.findByText('V-2345-67')).toBeInTheDocument();
    // A newer confirmation replaces the shown one.
    act(() => keepConfirmation('contact', { reference: 'M-2345-67', receivedAt: '2026-11-23T14:05:00Z' }));
    expect(await screen.findByText('M-2345-67')).toBeInTheDocument();
    expect(screen.queryByText('V-2345-67')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close this message' }));
    expect(screen.queryByTestId('confirmation-panel')).toBeNull();
    expect(readConfirmation()).toBeNull();
  });

  it('is taken off the page when its account signs out', async () => {
    signIn('u1', 'a@example.org');
    render(
      <MemoryRouter>
        <LazyConfirmation />
      </MemoryRouter>,
    );
    act(() => keepConfirmation('host', { reference: 'H-2345-67', receivedAt: '2026-11-23T14:00:00Z' }, 'a@example.org'));
    expect(await screen.findByText('a@example.org')).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.queryByTestId('confirmation-panel')).toBeNull();
    expect(screen.queryByText('a@example.org')).toBeNull();
  });
});
