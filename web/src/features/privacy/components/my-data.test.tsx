import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MyData } from './my-data';
import PrivacyNotice from './privacy-notice';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function respond(routes: Record<string, { status: number; body: unknown }>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const r = routes[key] ?? { status: 404, body: { message: 'Not found.' } };
    return Promise.resolve(new Response(r.body === null ? null : JSON.stringify(r.body), { status: r.status }));
  });
}

const consent = {
  _id: 'c1', form: 'volunteer', recordId: 'v1', noticeVersion: '2026-11-23', language: 'en', method: 'online',
  givenAt: '2026-11-01T09:00:00Z', withdrawnAt: null,
};

describe('MyData', () => {
  it('lists consents and withdraws one after asking', async () => {
    const fetch = respond({
      'GET /api/users/me/export': { status: 200, body: { consents: [consent], nominee: null } },
      'POST /api/users/me/consents/c1/withdraw': {
        status: 200,
        body: { message: 'Consent withdrawn. The form you sent with it has been erased.', consent: { ...consent, withdrawnAt: '2026-11-23T09:00:00Z' } },
      },
    });
    render(
      <MemoryRouter>
        <MyData />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/given on Nov 1, 2026/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Withdraw consent: Volunteer form/ }));
    expect(screen.getByText(/will be erased/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw my consent' }));
    expect(await screen.findByText('Consent withdrawn. The form you sent with it has been erased.')).toBeInTheDocument();
    expect(screen.getByText(/withdrawn on Nov 23, 2026/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/users/me/consents/c1/withdraw', expect.objectContaining({ method: 'POST' }));
  });

  it('shows the server refusing a wrong password and keeps the dialog open', async () => {
    respond({
      'GET /api/users/me/export': { status: 200, body: { consents: [], nominee: null } },
      'DELETE /api/users/me': { status: 400, body: { message: 'Current password is incorrect.', errors: { password: 'is incorrect' } } },
    });
    render(
      <MemoryRouter>
        <MyData />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account permanently', hidden: true }));
    expect(await screen.findByText('Please type your password to confirm.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'wrong one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account permanently', hidden: true }));
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
  });
});

describe('PrivacyNotice', () => {
  it('fetches the notice when opened and lists each piece of data with its purpose', async () => {
    const fetch = respond({
      'GET /api/notices/contact': {
        status: 200,
        body: {
          form: 'contact', version: '2026-11-23', language: 'en', title: 'Contact form',
          items: [{ field: 'email', label: 'Email', purpose: 'To answer you.' }],
          keep: 'Kept until answered.', withdraw: 'Withdraw in My Account.', complain: 'Complain to the Data Protection Board of India.',
        },
      },
    });
    const { container } = render(
      <MemoryRouter>
        <PrivacyNotice form="contact" />
      </MemoryRouter>,
    );
    expect(fetch).not.toHaveBeenCalled();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await screen.findByText('To answer you.')).toBeInTheDocument();
    expect(screen.getByText(/Data Protection Board/)).toBeInTheDocument();
    expect(screen.getByText(/Notice version 2026-11-23/)).toBeInTheDocument();
  });
});

describe('MyData in Hindi', () => {
  afterEach(() => setMessages('en', compileCatalogue(en)));

  it('lists the consents in Hindi, with the month by its name', async () => {
    setMessages('hi', compileCatalogue(hi));
    respond({ 'GET /api/users/me/export': { status: 200, body: { consents: [consent], nominee: null } } });
    render(
      <MemoryRouter>
        <MyData />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: hi['myData.title'] })).toBeInTheDocument();
    expect(await screen.findByText(/नव॰ 2026 को दी गई/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^सहमति वापस लें: स्वयंसेवक फ़ॉर्म/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: hi['myData.deleteOpen'] })).toBeInTheDocument();
  });
});
