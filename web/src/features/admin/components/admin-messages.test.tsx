// The dashboard waits for its messages: a loading line, then the
// dashboard; an error with a way to try again when they cannot be fetched.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setMessages, t } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import { AdminMessages } from './admin-messages';

const full = compileCatalogue(en);
const site = Object.fromEntries(Object.entries(full).filter(([k]) => !k.startsWith('admin.')));
const admin = Object.fromEntries(Object.entries(full).filter(([k]) => k.startsWith('admin.')));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setMessages('en', full, ['admin']);
});

function Records() {
  return <h1>{t('admin.records')}</h1>;
}

describe("the dashboard's messages", () => {
  it('says they are loading, then shows the dashboard in them', async () => {
    setMessages('en', site);
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    render(
      <AdminMessages>
        <Records />
      </AdminMessages>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
    expect(screen.queryByRole('heading')).toBeNull();
    answer(new Response(JSON.stringify(admin)));
    expect(await screen.findByRole('heading', { name: 'Records' })).toBeInTheDocument();
  });

  it('says when they cannot be fetched, and tries again', async () => {
    setMessages('en', site);
    const fetchMock = vi.fn(async () => new Response('', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AdminMessages>
        <Records />
      </AdminMessages>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("The dashboard's texts could not be loaded.");
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(admin)));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Records' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
