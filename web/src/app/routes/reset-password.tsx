import { ResetPasswordForm } from '@/features/auth';

export default function Page() {
  return <ResetPasswordForm />;
}
