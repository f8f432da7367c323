import { VolunteerForm } from '@/features/volunteer';

export default function Page() {
  return <VolunteerForm />;
}
