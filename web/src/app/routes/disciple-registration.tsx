import { DiscipleForm } from '@/features/disciple/components/disciple-form';

export default function Page() {
  return <DiscipleForm />;
}
