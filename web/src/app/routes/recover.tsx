import { RecoverStatic } from '@/features/auth';

export default function Page() {
  return <RecoverStatic />;
}
