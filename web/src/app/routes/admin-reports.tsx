// /admin/reports: the care register's reports (counts and sums), for those who may read them.
// A visitor goes to /login; the server refuses what the person's roles do
// not allow, and the page says so.
import { ReportsPage } from '@/features/care/components/reports-page';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <ReportsPage />
    </RequireAuth>
  );
}
