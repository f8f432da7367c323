// /admin/partners: the partners directory of the care register.
// A visitor goes to /login; the server refuses what the person's roles do
// not allow, and the page says so.
import { PartnersPage } from '@/features/care/components/partners-page';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <PartnersPage />
    </RequireAuth>
  );
}
