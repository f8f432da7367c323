import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MySubmissions } from './my-submissions';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MySubmissions', () => {
  it('lists each submission with its status', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify([
            { _id: '1', type: 'disciple', name: 'Madhava', status: 'awaiting confirmation', createdAt: '2025-03-01T09:00:00Z', updatedAt: '' },
            { _id: '2', type: 'volunteer', name: 'Asha', status: 'received', createdAt: '2025-02-01T09:00:00Z', updatedAt: '', reference: 'V-4K7Q-2M' },
          ]),
          { status: 200 },
        ),
      ),
    );
    render(
      <MemoryRouter>
        <MySubmissions />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Awaiting confirmation')).toBeInTheDocument();
    expect(screen.getByText('Disciple registration')).toBeInTheDocument();
    expect(screen.getByText('Received')).toBeInTheDocument();
    expect(screen.getByText('Sent on Mar 1, 2025')).toBeInTheDocument();
    // Each submission's reference, to quote on the phone.
    expect(screen.getByText('V-4K7Q-2M')).toBeInTheDocument();
  });
});

describe('MySubmissions with a reply', () => {
  it('shows an answered message as Answered, with the reply the staff sent', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify([
            {
              _id: '3', type: 'contact', name: 'Visiting', status: 'answered', createdAt: '2025-03-01T09:00:00Z', updatedAt: '',
              replies: [{ subject: 'Your visit', body: 'Dear Asha,\nCome on Sunday.', sentAt: '2025-03-02T09:00:00Z' }],
            },
          ]),
          { status: 200 },
        ),
      ),
    );
    render(
      <MemoryRouter>
        <MySubmissions />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Answered')).toBeInTheDocument();
    expect(screen.queryByText('Received')).toBeNull();
    const replies = screen.getByRole('region', { name: 'Our replies' });
    expect(replies).toHaveTextContent('Your visit');
    expect(replies).toHaveTextContent('Sent to you on Mar 2, 2025');
    expect(replies).toHaveTextContent('Come on Sunday.');
  });
});

describe('MySubmissions in Hindi', () => {
  afterEach(() => setMessages('en', compileCatalogue(en)));

  it('names the kind, the status and the day in Hindi', async () => {
    setMessages('hi', compileCatalogue(hi));
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify([{ _id: '1', type: 'disciple', name: 'Madhava', status: 'awaiting confirmation', createdAt: '2025-03-01T09:00:00Z', updatedAt: '', reference: 'D-4K7Q-2M' }]), {
          status: 200,
        }),
      ),
    );
    render(
      <MemoryRouter>
        <MySubmissions />
      </MemoryRouter>,
    );
    expect(await screen.findByText(hi['subs.status.awaiting'])).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: hi['subs.title'] })).toBeInTheDocument();
    expect(screen.getByText(hi['account.assisted.form.disciple'])).toBeInTheDocument();
    expect(screen.getByText(hi['subs.help.awaiting'])).toBeInTheDocument();
    // The month by its name, in Hindi.
    expect(screen.getByText(/मार्च 2025 को भेजा गया|मार्च, 2025 को भेजा गया/)).toBeInTheDocument();
    expect(screen.getByText('D-4K7Q-2M')).toBeInTheDocument();
  });
});
