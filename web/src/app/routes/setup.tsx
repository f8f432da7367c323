import { SetupForm } from '@/features/auth/components/setup-form';

export default function Page() {
  return <SetupForm />;
}
