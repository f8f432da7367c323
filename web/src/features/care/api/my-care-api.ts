// For a signed-in elder: who their coordinator is and when the next
// contact is planned. Apart from the staff's calls, so My Account carries
// only this one.
import { api } from '@/lib/api';

export interface MyCare {
  coordinator: { fullName: string; email?: string; phone?: string } | null;
  nextContactDue?: string;
}

/** fetchMyCare reads the signed-in elder's coordinator; 404 when they have no record. */
export function fetchMyCare(signal?: AbortSignal): Promise<MyCare> {
  return api<MyCare>('/users/me/care', { signal });
}
