import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AccountsPage } from './accounts-page';
import { YourCoordinator } from './your-coordinator';

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function accountsAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/accounts" element={<AccountsPage />} />
        <Route path="/accounts/:fy" element={<AccountsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const year = {
  fy: '2025-26',
  from: '2025-04-01',
  to: '2026-03-31',
  eldersServed: 1234,
  purposes: [
    { purpose: 'Health', receivedPaise: 1_50_000_00, paidPaise: 1_20_000_00 },
    { purpose: 'Travel', receivedPaise: 20_000_00, paidPaise: 5_000_00 },
  ],
  publishedAt: '2026-05-02T10:00:00Z',
};

describe('the public accounts', () => {
  it("shows the newest published year's gifts and help per purpose, with totals", async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      calls.push(url);
      if (url === '/api/accounts') return json({ years: ['2025-26', '2024-25'] });
      if (url === '/api/accounts/2025-26') return json(year);
      return json({ message: 'Not found.' }, 404);
    });
    accountsAt('/accounts');
    const table = await screen.findByRole('table', { name: 'Gifts received and help given in 2025-26, by purpose' });
    expect(within(table).getByRole('row', { name: 'Health care of the elderly disciples ₹1,50,000 ₹1,20,000' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Total ₹1,70,000 ₹1,25,000' })).toBeInTheDocument();
    expect(screen.getByText('Elders we served in this year: 1,234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Where your gifts went in 2025-26' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2024-25' })).toHaveAttribute('href', '/accounts/2024-25');
    expect(calls).toEqual(['/api/accounts', '/api/accounts/2025-26']);
  });

  it('says a year is not published, and says when none is', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => (String(input) === '/api/accounts' ? json({ years: [] }) : json({ message: 'Not found.' }, 404)));
    accountsAt('/accounts/2030-31');
    expect(await screen.findByText('The accounts of 2030-31 have not been published.')).toBeInTheDocument();
    cleanup();
    accountsAt('/accounts');
    expect(await screen.findByText('No year has been published yet. Please look again later.')).toBeInTheDocument();
  });
});

describe("My Account's coordinator", () => {
  it('shows who looks after the elder, how to reach them and the next contact', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ coordinator: { fullName: 'Radha Coordinator', email: 'radha@example.org', phone: '+91 98765 43210' }, nextContactDue: '2026-12-05' }));
    render(<YourCoordinator />);
    expect(await screen.findByRole('heading', { name: 'Your coordinator' })).toBeInTheDocument();
    expect(screen.getByText(/Radha Coordinator looks after you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByRole('link', { name: 'radha@example.org' })).toHaveAttribute('href', 'mailto:radha@example.org');
    expect(screen.getByText('Dec 5, 2026')).toBeInTheDocument();
  });

  it('shows nothing to someone without a care record', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Not found.' }, 404));
    const { container } = render(<YourCoordinator />);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledWith('/api/users/me/care', expect.anything()));
    await new Promise((r) => setTimeout(r, 0));
    expect(container).toBeEmptyDOMElement();
  });
});
