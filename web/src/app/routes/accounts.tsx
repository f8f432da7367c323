// /accounts and /accounts/:fy: the published accounts of the care program,
// open to everyone.
import { AccountsPage } from '@/features/care/components/accounts-page';

export default function Page() {
  return <AccountsPage />;
}
