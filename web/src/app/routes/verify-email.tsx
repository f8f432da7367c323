import { VerifyEmail } from '@/features/auth';

export default function Page() {
  return <VerifyEmail />;
}
