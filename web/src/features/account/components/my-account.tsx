// My Account: a spinner while loading, the profile card with
// 'Not set' / '-' for empty values, the Edit Profile / Change Password
// modal and Logout; on failure 'You must be logged in to view your
// account.' with Go to Login.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/auth';
import { getMe, type Account } from '../api/account-api';
import { AccountDialog } from './account-dialog';
import { VerifyBanner } from './verify-banner';
import { formatDay as formatDate } from '@/lib/dates';
import './account.css';
import { t } from '@/i18n';

// Only admins see it, so it loads on demand.
const StaffNotifications = lazy(() => import('./staff-notifications'));
// Only staff see it (two-step sign-in), so it loads on demand too.
const TwoStepSection = lazy(() => import('./two-step-section'));


/** MyAccount shows the signed-in user's profile; children (the list of
 * their submissions) follow the card. */
export function MyAccount({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const [account, setAccount] = useState<Account | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    getMe(ctrl.signal).then(setAccount, (err: unknown) => {
      if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(true);
    });
    return () => ctrl.abort();
  }, []);

  async function logout() {
    await signOut();
    navigate(paths.login);
  }

  if (failed) {
    return (
      <section className="page-section account-page" aria-labelledby="account-title">
        <h1 id="account-title">{t('header.myAccount')}</h1>
        <p role="alert" className="account-error">
          You must be logged in to view your account.
        </p>
        <button type="button" className="btn btn-primary" onClick={() => navigate(paths.login)}>
          {t('account.goLogin')}
        </button>
      </section>
    );
  }

  if (!account) {
    return (
      <section className="page-section account-page" aria-labelledby="account-title" aria-busy="true">
        <h1 id="account-title">{t('header.myAccount')}</h1>
        <div role="status" className="account-loading">
          <span className="account-spinner" aria-hidden="true" />
          <span>{t('account.loading')}</span>
        </div>
      </section>
    );
  }

  const rows: [string, string][] = [
    [t('form.fullName'), account.fullName || 'Not set'],
    [t('form.email'), account.email || 'Not set'],
    [t('account.mobile'), account.mobile || 'Not set'],
    [t('form.address'), account.address || 'Not set'],
    [t('account.registered'), formatDate(account.createdAt)],
    [t('account.userId'), account._id || '-'],
  ];

  return (
    <section className="page-section account-page" aria-labelledby="account-title">
      <h1 id="account-title">{t('header.myAccount')}</h1>
      {!account.emailVerified && account.email && <VerifyBanner email={account.email} />}
      <div className="account-card">
        <div className="account-avatar" aria-hidden="true">
          {(account.fullName || account.email || '?').trim().charAt(0).toUpperCase()}
        </div>
        <h2 className="account-name">{account.fullName || 'Not set'}</h2>
        <dl className="account-details">
          {rows.map(([k, v]) => (
            <div key={k} className="account-detail">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <div className="account-actions">
          <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
            {t('account.edit')}
          </button>
          <button type="button" className="btn" onClick={logout}>
            {t('header.logout')}
          </button>
        </div>
      </div>
      <AccountDialog open={open} account={account} onClose={() => setOpen(false)} onSaved={setAccount} />
      {(account.isAdmin || (account.roles?.length ?? 0) > 0) && (
        <Suspense fallback={null}>
          <TwoStepSection />
        </Suspense>
      )}
      {account.isAdmin && (
        <Suspense fallback={null}>
          <StaffNotifications />
        </Suspense>
      )}
      {children}
    </section>
  );
}
