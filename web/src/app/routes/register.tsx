import { RegisterForm } from '@/features/auth';

export default function Page() {
  return <RegisterForm />;
}
