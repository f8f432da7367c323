// /myaccount: the profile card, then the user's own submissions and gifts.
import { MyAccount } from '@/features/account';
import { MySubmissions } from '@/features/submissions';
import { MyDonations } from '@/features/donation/components/my-donations';
import { MyData } from '@/features/privacy';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <MyAccount>
        <MySubmissions />
        <MyDonations />
        <MyData />
      </MyAccount>
    </RequireAuth>
  );
}
