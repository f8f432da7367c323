import { ConfirmationForm } from '@/features/disciple';

export default function Page() {
  return <ConfirmationForm />;
}
