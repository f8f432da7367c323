import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { ConfirmationForm } from './confirmation-form';
import { validateDisciple } from './disciple-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('ConfirmationForm', () => {
  it("says 'Token not found in URL!' without a token and calls nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/Reg']}>
        <Toaster />
        <ConfirmationForm />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirmation by Srila Prabhupada Disciple or Authority');
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    expect(await screen.findByText('Token not found in URL!')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows whom the referrer confirms', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      json(200, {
        applicantName: 'Madhava Kumar', initiationName: 'Madhava Das', initiationDate: '1972-08-31', dateOfBirth: '1948-05-02',
        referrerEmail: 'tp@temple.example', expiresAt: '',
      }),
    );
    render(
      <MemoryRouter initialEntries={['/Reg?token=abc']}>
        <ConfirmationForm />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Madhava Kumar')).toBeInTheDocument();
    expect(screen.getByText('Madhava Das')).toBeInTheDocument();
    expect(screen.getByText('Aug 31, 1972')).toBeInTheDocument();
    expect(screen.getByText('May 2, 1948')).toBeInTheDocument();
    // The referrer's address is the one the link went to: filled in.
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('tp@temple.example');
    expect(screen.getByRole('button', { name: 'I do not know this applicant' })).toBeInTheDocument();
    // The temple president signs for themselves only; the applicant signed their own form.
    expect(screen.getByRole('textbox', { name: /^Referrer signature/ })).toBeInTheDocument();
    expect(screen.queryByText(/Applicant signature|Applicant date/)).toBeNull();
  });

  it('explains a used link instead of showing the form', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => json(410, { message: 'This registration has already been confirmed with this link.' }));
    render(
      <MemoryRouter initialEntries={['/Reg?token=abc']}>
        <ConfirmationForm />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('already been confirmed');
    expect(screen.queryByRole('button', { name: 'Submit Registration' })).toBeNull();
  });
});

describe('validateDisciple', () => {
  const valid = {
    fullName: 'Madhava', dateOfBirth: '1948-05-02', address: '', contactNumber: '+91 98765 43210', discipleEmail: '',
    templePresidentEmail: 'tp@temple.example', initiationDate: '1972-08-31', initiationName: '',
  };
  it('accepts a valid registration', () => expect(validateDisciple(valid, '2025-01-01')).toEqual({}));
  it('needs a way to reach the applicant', () => {
    expect(validateDisciple({ ...valid, contactNumber: '' }, '2025-01-01').contactNumber).toBeTruthy();
  });
  it('keeps initiation dates within 1966-01-01 .. 1977-11-14', () => {
    expect(validateDisciple({ ...valid, initiationDate: '1966-01-01' }, '2025-01-01')).toEqual({});
    expect(validateDisciple({ ...valid, initiationDate: '1977-11-14' }, '2025-01-01')).toEqual({});
    expect(validateDisciple({ ...valid, initiationDate: '1965-12-31' }, '2025-01-01').initiationDate).toMatch(/1966/);
    expect(validateDisciple({ ...valid, initiationDate: '1977-11-15' }, '2025-01-01').initiationDate).toMatch(/1977/);
  });
  it('wants a real date of birth in the past', () => {
    expect(validateDisciple({ ...valid, dateOfBirth: '1948-02-30' }, '2025-01-01').dateOfBirth).toBeTruthy();
    expect(validateDisciple({ ...valid, dateOfBirth: '2030-01-01' }, '2025-01-01').dateOfBirth).toBeTruthy();
  });
  it('refuses the applicant’s own address as the temple president’s', () => {
    expect(validateDisciple({ ...valid, discipleEmail: 'me@x.org', templePresidentEmail: 'ME@x.org' }, '2025-01-01').templePresidentEmail).toBeTruthy();
  });
});
