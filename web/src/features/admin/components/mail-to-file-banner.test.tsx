import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { keepConfirmation } from '@/lib/confirmation';
import { resetSiteData } from '@/lib/site-data';
import { clearSession, setSession } from '@/lib/session';
import ConfirmationPanel from '@/features/submissions/components/confirmation-panel';
import { Cell, MAIL_WRITTEN_TO_FILE } from './cell';
import { MailToFileBanner } from './mail-to-file-banner';

// The public site as a server without a mail server answers it.
function serveSite(mailToFile: boolean) {
  const body = { settings: { orgName: 'SPDC' }, collections: {}, etag: '"e"', ...(mailToFile ? { mailToFile: true } : {}) };
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetSiteData();
  vi.restoreAllMocks();
});

describe('mail written to files, not sent', () => {
  it('warns the admins above the dashboard', async () => {
    serveSite(true);
    render(<MailToFileBanner />);
    expect(await screen.findByTestId('mail-to-file-banner')).toHaveTextContent(/no mail server \(SMTP_URL\) is set up/);
  });

  it('shows no warning when a mail server is set up', async () => {
    serveSite(false);
    render(
      <>
        <MailToFileBanner />
        <Cell field="status" value="sent" />
      </>,
    );
    await screen.findByText('sent');
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20)); // the site's answer is read
    });
    expect(screen.queryByTestId('mail-to-file-banner')).toBeNull();
  });

  it('names the Mail tab’s status in the reader’s words', () => {
    render(<Cell field="status" value={MAIL_WRITTEN_TO_FILE} />);
    expect(screen.getByText('written to a file, not sent')).toBeInTheDocument();
  });

  it('never tells a visitor an email was sent', async () => {
    serveSite(true);
    // The address is kept and shown only to the signed-in person who sent the form.
    setSession('tok', { _id: 'u1', fullName: 'Asha', email: 'asha@example.org', isAdmin: false });
    keepConfirmation('volunteer', { reference: 'V-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z' }, 'asha@example.org');
    render(
      <MemoryRouter>
        <ConfirmationPanel />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Not emailed \(this site has no mail server yet\) to/)).toBeInTheDocument();
    expect(screen.queryByText('Email sent to')).toBeNull();
    expect(screen.getByText('asha@example.org')).toBeInTheDocument();
    clearSession();
  });
});
