// Protected pages: a visitor who arrives without a stored token
// sees the toast 'login first' for 2 s and goes to /login, which remembers
// the origin page and returns there after signing in. When the token goes
// away during the visit (Logout, or a session the server rejected, which
// the API client clears), the page quietly moves to /login instead.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const hadToken = useRef(Boolean(token));
  const from = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (token) {
      hadToken.current = true;
      return;
    }
    if (hadToken.current) {
      navigate(paths.login, { replace: true });
      return;
    }
    toast.error('login first', { duration: 2000, id: 'login-first' });
    navigate(paths.login, { replace: true, state: { from } });
  }, [token, from, navigate]);

  return token ? <>{children}</> : null;
}
