// The public accounts of the published years: figures per purpose, no
// names. Apart from the staff's calls, so the public page carries only these.
import { api } from '@/lib/api';

export interface PublishedYear {
  fy: string;
  from: string;
  to: string;
  eldersServed: number;
  purposes: { purpose: string; receivedPaise: number; paidPaise: number }[];
  publishedAt: string;
}

/** fetchAccountYears lists the published years, newest first. */
export async function fetchAccountYears(signal?: AbortSignal): Promise<string[]> {
  const res = await api<{ years: string[] }>('/accounts', { signal });
  return res?.years ?? [];
}

/** fetchAccountYear reads one published year's figures (no names). */
export function fetchAccountYear(fy: string, signal?: AbortSignal): Promise<PublishedYear> {
  return api<PublishedYear>(`/accounts/${encodeURIComponent(fy)}`, { signal });
}
