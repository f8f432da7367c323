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
  | 'expired';

export interface Submission {
  _id: string;
  type: SubmissionType;
  /** reference is what the sender quotes on the phone (V-4K7Q-2M). */
  reference?: string;
  name: string;
  status: SubmissionStatus;
  createdAt: string;
  updatedAt: string;
}

export function getMySubmissions(signal?: AbortSignal): Promise<Submission[]> {
  return api('/users/me/submissions', { signal });
}
