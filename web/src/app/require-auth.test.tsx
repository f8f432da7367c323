import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { clearSession, setSession } from '@/lib/session';
import { RequireAuth } from './require-auth';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function LoginProbe() {
  const loc = useLocation();
  return <p>login page from {String((loc.state as { from?: string } | null)?.from)}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/myaccount', element: <RequireAuth><p>secret page</p></RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
});

describe('RequireAuth', () => {
  it('sends a visitor without a token to /login with the origin and a 2 s toast', async () => {
    renderAt('/myaccount?x=1');
    expect(await screen.findByText('login page from /myaccount?x=1')).toBeInTheDocument();
    // The toast goes through the lazily loaded toast area, which mounts at once for it.
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('login first', expect.objectContaining({ duration: 2000 })));
  });

  it('shows the page with a token, and leaves quietly when the session ends', async () => {
    setSession('tok', { _id: '1', fullName: 'A', email: 'a@example.org', isAdmin: false });
    renderAt('/myaccount');
    expect(await screen.findByText('secret page')).toBeInTheDocument();
    clearSession();
    expect(await screen.findByText('login page from undefined')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
