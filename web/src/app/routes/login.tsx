import { LoginForm } from '@/features/auth';

export default function Page() {
  return <LoginForm />;
}
