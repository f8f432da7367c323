import { SetupForm } from '@/features/auth';

export default function Page() {
  return <SetupForm />;
}
