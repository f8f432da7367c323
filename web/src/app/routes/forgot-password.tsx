import { ForgotPasswordForm } from '@/features/auth';

export default function Page() {
  return <ForgotPasswordForm />;
}
