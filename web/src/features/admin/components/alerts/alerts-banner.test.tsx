// The dashboard's banner lists what the server's monitor found, in the
// admin's language, and nothing when all is well.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import { AlertsBanner } from './alerts-banner';
import { OwnQueries } from '@/lib/query-client';

function answer(alerts: unknown[]) {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(async () => new Response(JSON.stringify({ alerts }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMessages('en', compileCatalogue(en), ['admin']);
});

describe('AlertsBanner', () => {
  it('shows each alert with its words, since when and what was found', async () => {
    setMessages('en', compileCatalogue(en), ['admin']);
    const fetchMock = answer([
      { kind: 'disk_full', detail: '/srv/spdc: 95 % used, 700 MB free', since: '2026-03-02T08:00:00Z' },
      { kind: 'backup_failed', detail: 'backup directory /srv/backups: permission denied', since: '2026-03-02T09:00:00Z' },
      { kind: 'something_new', detail: 'x', since: '2026-03-02T09:00:00Z' },
    ]);
    render(<AlertsBanner />, { wrapper: OwnQueries });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const url = String(fetchMock.mock.calls[0][0]);
    expect(url).toMatch(/\/api\/admin\/alerts$/);
    expect(url).not.toContain('/api/api/');
    expect(screen.getByRole('heading', { name: 'Needs attention' })).toBeInTheDocument();
    expect(screen.getByText(/disk of the data directory is over 90 % full/)).toBeInTheDocument();
    expect(screen.getByText(/last scheduled backup failed/)).toBeInTheDocument();
    expect(screen.getByText(/Found: \/srv\/spdc: 95 % used, 700 MB free/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('speaks Hindi to a Hindi admin', async () => {
    setMessages('hi', compileCatalogue(hi), ['admin']);
    answer([{ kind: 'mail_failing', detail: '3 message(s) waiting', since: '2026-03-02T08:00:00Z' }]);
    render(<AlertsBanner />, { wrapper: OwnQueries });
    expect(await screen.findByRole('heading', { name: 'ध्यान दें' })).toBeInTheDocument();
    expect(screen.getByText(/ईमेल नहीं जा पा रहे हैं/)).toBeInTheDocument();
  });

  it('shows nothing when all is well or the list cannot be had', async () => {
    const fetchMock = answer([]);
    const { container } = render(<AlertsBanner />, { wrapper: OwnQueries });
    await act(async () => {
      await Promise.resolve();
    });
    expect(fetchMock).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = render(<AlertsBanner />, { wrapper: OwnQueries });
    await act(async () => {
      await Promise.resolve();
    });
    expect(second.container).toBeEmptyDOMElement();
  });
});
