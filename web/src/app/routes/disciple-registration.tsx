import { DiscipleForm } from '@/features/disciple';

export default function Page() {
  return <DiscipleForm />;
}
