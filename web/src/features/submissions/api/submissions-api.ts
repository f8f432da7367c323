// GET /api/users/me/submissions: the signed-in user's own forms.
import { api } from '@/lib/api';

export type SubmissionType = 'volunteer' | 'disciple' | 'host' | 'contact';
export type SubmissionStatus =
  | 'received'
  | 'awaiting confirmation'
  | 'confirmed — needs review'
  | 'confirmed'
  | 'declined'
  | 'not accepted'
  | 'expired'
  // The staff's follow-up of a volunteer registration or a host offer.
  | 'in touch'
  | 'interview'
  | 'active volunteer'
  | 'visited'
  | 'approved'
  | 'not taken forward'
  | 'withdrawn'
  // A message the staff answered, or closed.
  | 'answered'
  | 'closed';

/** SentReply is a reply the staff sent about a submission. */
export interface SentReply {
  subject: string;
  body: string;
  sentAt: string;
}

export interface Submission {
  _id: string;
  type: SubmissionType;
  /** reference is what the sender quotes on the phone (V-4K7Q-2M). */
  reference?: string;
  name: string;
  status: SubmissionStatus;
  createdAt: string;
  updatedAt: string;
  /** replies are what the staff wrote to the person about it, oldest first. */
  replies?: SentReply[];
}

export function getMySubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api('/users/me/submissions', { signal });
}
