// /admin: the admin dashboard, for admins only (a visitor goes to /login,
// a signed-in non-admin sees Access Denied). The whole feature lives in
// this route's chunk.
import { AdminDashboard } from '@/features/admin';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <AdminDashboard />
    </RequireAuth>
  );
}
