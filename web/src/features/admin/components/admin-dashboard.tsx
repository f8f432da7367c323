// The /admin page (the admin dashboard). Its records view lists every
// tab the admin's roles allow (search, filters, CSV export, a server-paged
// table whose rows each have one menu of actions, each tab's own tools);
// its other views (/admin?view=content, breaches, assisted, staff, access)
// are loaded on demand. Its reads go through TanStack Query, whose client
// is made here: the query library loads with the dashboard only.
// The tabs are asked for together with the dashboard's messages, not one
// round trip after them: the first screen waits for both.
import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api';
import { useLang } from '@/i18n';
import { isStaff, updateSessionUser, useSession, type SessionUser } from '@/lib/session';
import { newQueryClient } from '@/lib/query-client';
import { tabsQuery } from '../api/queries';
import { AdminMessages } from './admin-messages';
import { AlertsBanner } from './alerts/alerts-banner';
import { AccessDenied } from './dashboard/access-denied';
import { RecordsView } from './dashboard/records-view';
import { isOtherView, OtherView } from './dashboard/views';
import './admin.css';

export { AccessDenied };

export function AdminDashboard() {
  const { user } = useSession();
  const [client] = useState(newQueryClient);
  const staff = isStaff(user);
  const lang = useLang();
  useEffect(() => {
    if (staff) void client.prefetchQuery(tabsQuery(lang));
  }, [client, staff, lang]);
  useFreshRoles();
  // Access Denied is in the dashboard's own words too, fetched with them.
  return (
    <AdminMessages>
      {staff ? (
        <QueryClientProvider client={client}>
          <AlertsBanner />
          <AdminViews />
        </QueryClientProvider>
      ) : (
        <AccessDenied />
      )}
    </AdminMessages>
  );
}

/** useFreshRoles reads the person's roles again when the dashboard
 * opens, so a role given or taken since sign-in shows at once. */
function useFreshRoles() {
  useEffect(() => {
    api<SessionUser>('/users/me').then(updateSessionUser, () => undefined);
  }, []);
}

function AdminViews() {
  const [params] = useSearchParams();
  const view = params.get('view');
  return isOtherView(view) ? <OtherView view={view} /> : <RecordsView />;
}
