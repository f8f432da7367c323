// The dashboard's own messages are not in the page (visitors never need
// them): AdminMessages has them fetched before the dashboard renders.
import type { ReactNode } from 'react';
import { PartMessages } from '@/components/part-messages';

export function AdminMessages({ children }: { children: ReactNode }) {
  return <PartMessages part="admin">{children}</PartMessages>;
}
