// The dashboard's first screen waits for its messages and its tabs: both
// are asked for at once, the tabs only once, and the title shows as soon
// as the messages are there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import { clearSession, setSession } from '@/lib/session';
import { AdminDashboard } from './admin-dashboard';

const full = compileCatalogue(en);
const site = Object.fromEntries(Object.entries(full).filter(([k]) => !k.startsWith('admin.')));
const admin = Object.fromEntries(Object.entries(full).filter(([k]) => k.startsWith('admin.')));
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  setMessages('en', full, ['admin']);
});

describe('the dashboard’s first screen', () => {
  it('asks for the tabs while its messages load, once, and shows the title before the tabs arrive', async () => {
    setMessages('en', site);
    const user = { _id: 'a1', fullName: 'Asha', email: 'asha@example.test', isAdmin: true };
    setSession('tok', user);
    let messages!: (r: Response) => void;
    let tabs!: (r: Response) => void;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        asked.push(new URL(url, 'http://spdc.test').pathname);
        if (url.includes('/i18n/admin-en.json')) return new Promise<Response>((r) => (messages = r));
        if (url.endsWith('/api/admin/tabs')) return new Promise<Response>((r) => (tabs = r));
        if (url.endsWith('/api/users/me')) return Promise.resolve(json(user));
        if (url.endsWith('/api/admin/alerts')) return Promise.resolve(json({ alerts: [] }));
        return Promise.resolve(json([]));
      }),
    );
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <AdminDashboard />
      </MemoryRouter>,
    );
    await waitFor(() => expect(asked).toContain('/api/admin/tabs'));
    expect(asked).toContain('/i18n/admin-en.json');
    expect(screen.queryByRole('heading')).toBeNull();

    messages(json(admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    tabs(json([]));
    expect(await screen.findByText(/no lists/i)).toBeInTheDocument();
    expect(asked.filter((p) => p === '/api/admin/tabs')).toHaveLength(1);
  });
});
