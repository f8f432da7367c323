// /myaccount: the profile card, then the user's own submissions.
import { MyAccount } from '@/features/account';
import { MySubmissions } from '@/features/submissions';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <MyAccount>
        <MySubmissions />
      </MyAccount>
    </RequireAuth>
  );
}
