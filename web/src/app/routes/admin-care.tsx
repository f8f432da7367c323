// /admin/care/:id: one elder's care record, for the staff of the care register.
// A visitor goes to /login; the server refuses what the person's roles do
// not allow, and the page says so.
import { CareRecordPage } from '@/features/care/components/care-record';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <CareRecordPage />
    </RequireAuth>
  );
}
