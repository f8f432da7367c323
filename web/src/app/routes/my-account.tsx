// /myaccount: the profile card, an elder's coordinator, then the user's own
// submissions and gifts.
import { MyAccount } from '@/features/account';
import { MySubmissions } from '@/features/submissions';
import { MyDonations } from '@/features/donation/components/my-donations';
import { MyData } from '@/features/privacy';
import { YourCoordinator } from '@/features/care/components/your-coordinator';
import { RequireAuth } from '../require-auth';

export default function Page() {
  return (
    <RequireAuth>
      <MyAccount>
        <YourCoordinator />
        <MySubmissions />
        <MyDonations />
        <MyData />
      </MyAccount>
    </RequireAuth>
  );
}
