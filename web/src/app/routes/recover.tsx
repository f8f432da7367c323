import { RecoverStatic } from '@/features/auth/components/recover-static';

export default function Page() {
  return <RecoverStatic />;
}
