// Calls of the disciple registration and of the referrer's confirmation
// page (/Reg).
import { apiRequest, api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import type { FormValues } from '@/lib/schemas/types.gen';
import type { discipleSchema } from '@/lib/schemas/disciple.gen';

/** DisciplePayload is the disciple registration as the form sends it.
 * referrerId is a temple president picked from the directory; the server
 * then sends the link to the directory's address and ignores
 * templePresidentEmail. */
export type DisciplePayload = FormValues<typeof discipleSchema> & { referrerId?: string };

/** KnownReferrer is a directory entry as anyone may see it: no email or phone. */
export interface KnownReferrer {
  _id: string;
  name: string;
  position: string;
  temple: string;
}

export function listReferrers(signal?: AbortSignal): Promise<KnownReferrer[]> {
  return api('/referrers', { signal });
}

/** registerDisciple answers with the server's message; 200 (already
 * received) and 201 are both success. */
export async function registerDisciple(payload: DisciplePayload): Promise<Received & { status: number }> {
  const res = await apiRequest<Received>('/disciples/register', { method: 'POST', body: payload });
  return { ...res.data, status: res.status };
}

/** ApprovalInfo is whom a referrer is asked to confirm. */
export interface ApprovalInfo {
  applicantName: string;
  initiationName: string;
  initiationDate: string;
  dateOfBirth: string;
  /** referrerEmail is the address the link was sent to. */
  referrerEmail?: string;
  expiresAt: string;
}

export function getApproval(token: string, signal?: AbortSignal): Promise<ApprovalInfo> {
  return api(`/approval/${encodeURIComponent(token)}`, { signal });
}

/** ApprovalPayload is the referrer's confirmation, with the referrer's and
 * the applicant's signatures and their dates. */
export interface ApprovalPayload {
  token: string;
  referrerName: string;
  referrerPosition: string;
  referrerContact: string;
  referrerEmail: string;
  referrerSignature: string;
  referrerSignedOn: string;
  /** The applicant signs on their own form; the temple president's page
   * no longer asks for it (older pages sent it). */
  applicantSignature?: string;
  applicantSignedOn?: string;
}

export function approve(payload: ApprovalPayload): Promise<{ message: string }> {
  return api('/approval/approve', { method: 'POST', body: payload });
}

export function decline(token: string, reason: string): Promise<{ message: string }> {
  return api('/approval/decline', { method: 'POST', body: { token, reason } });
}
