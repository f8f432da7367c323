import { RegisterForm } from '@/features/auth/components/register-form';

export default function Page() {
  return <RegisterForm />;
}
