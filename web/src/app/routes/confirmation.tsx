import { ConfirmationForm } from '@/features/disciple/components/confirmation-form';

export default function Page() {
  return <ConfirmationForm />;
}
