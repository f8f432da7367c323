// The dashboard's views besides the records (the site's content, the
// breaches, the forms sent for elders, the staff and the access log), each
// loaded on demand, and the links between them, each shown only to those
// whose roles allow it (the server refuses the rest whatever the page
// shows).
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { withTimeout } from '@/app/lazy';
import { paths } from '@/config/paths';
import { can, useSession } from '@/lib/session';
import { t, useT } from '@/i18n';

const ContentArea = lazy(() => withTimeout(import('../content/content-area')));
const BreachesArea = lazy(() => withTimeout(import('../breaches/breaches-area')));
const AssistedArea = lazy(() => withTimeout(import('../breaches/assisted-area')));
const StaffRoles = lazy(() => withTimeout(import('../staff/staff-roles')));
const AccessLog = lazy(() => withTimeout(import('../staff/access-log')));

/** View is one of the dashboard's views: /admin?view=… */
export type View = 'records' | 'content' | 'breaches' | 'assisted' | 'staff' | 'access';

const VIEWS: { view: View; label: () => string; perm?: string; area?: () => ReactNode }[] = [
  { view: 'records', label: () => t('admin.records') },
  { view: 'content', label: () => t('admin.siteContent'), perm: 'content.write', area: () => <ContentArea /> },
  { view: 'breaches', label: () => t('admin.breaches'), perm: 'privacy.manage', area: () => <BreachesArea /> },
  { view: 'assisted', label: () => t('admin.forElders'), perm: 'people.read', area: () => <AssistedArea /> },
  { view: 'staff', label: () => t('admin.staff'), perm: 'staff.manage', area: () => <StaffRoles /> },
  { view: 'access', label: () => t('admin.accessLog'), perm: 'audit.read', area: () => <AccessLog /> },
];

/** The heading of each view besides the records. */
const HEADINGS: Partial<Record<View, () => string>> = { assisted: () => t('admin.formsForElders') };

export function Views({ view }: { view: View }) {
  useT();
  const { user } = useSession();
  const links = VIEWS.filter((l) => !l.perm || can(user, l.perm) || (user?.isAdmin === true && !user.permissions));
  return (
    <nav aria-label={t('admin.views')}>
      <ul className="admin-views">
        {links.map((l) => (
          <li key={l.view}>
            <Link to={l.view === 'records' ? '/admin' : `/admin?view=${l.view}`} aria-current={view === l.view ? 'page' : undefined}>
              {l.label()}
            </Link>
          </li>
        ))}
        {/* The care register's reports are a page of their own. */}
        {(can(user, 'reports.read') || (user?.isAdmin === true && !user.permissions)) && (
          <li>
            <Link to={paths.reports}>{t('admin.careReports')}</Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** isOtherView reports whether the address names a view besides the records. */
export function isOtherView(view: string | null): boolean {
  return VIEWS.some((x) => x.view === view && x.area);
}

/** OtherView is the page of a view besides the records. */
export function OtherView({ view }: { view: string | null }) {
  useT();
  const v = VIEWS.find((x) => x.view === view && x.area);
  if (!v?.area) return null;
  return (
    <section className="page-section admin-page">
      <h1>{(HEADINGS[v.view] ?? v.label)()}</h1>
      <Views view={v.view} />
      <Suspense fallback={<p>{t('admin.loading')}</p>}>{v.area()}</Suspense>
    </section>
  );
}
