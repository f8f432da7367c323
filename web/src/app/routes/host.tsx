import { HostForm } from '@/features/host';

export default function Page() {
  return <HostForm />;
}
