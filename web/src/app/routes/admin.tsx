// /admin: the admin dashboard, for admins only (a visitor goes to /login,
// a signed-in non-admin sees Access Denied). The whole feature lives in
// this route's chunk. The care register's staff pages (/admin/care/:id,
// /admin/reports, /admin/partners) are rendered here too, each loaded on
// demand, so that they add nothing to the code of the public pages.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { AdminDashboard } from '@/features/admin';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { withTimeout } from '../lazy';
import { RequireAuth } from '../require-auth';

const CarePages = lazy(() => withTimeout(import('@/features/care/components/care-pages')));

export default function Page() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <RequireAuth>
      {pathname === paths.admin ? (
        <AdminDashboard />
      ) : (
        <Suspense fallback={<p role="status">{t('dashboard.loading')}</p>}>
          <CarePages pathname={pathname} />
        </Suspense>
      )}
    </RequireAuth>
  );
}
