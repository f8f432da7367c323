// Calls of the volunteer form: the registration itself and the profile
// used to prefill it.
import { api } from '@/lib/api';

export const AVAILABILITY = ['5-10 hours/week', '10-20 hours/week', '20+ hours/week'] as const;
export const AREAS_OF_INTEREST = [
  'Financial Assistance',
  'Medical/health practitioner',
  'Emotional and Spiritual Support',
  'Comprehensive Health Assessments',
  'Community Building Activities',
  'Relocation Assistance',
  'Other',
] as const;

/** VolunteerPayload is the volunteer registration of SPEC §3. */
export interface VolunteerPayload {
  fullName: string;
  email: string;
  mobile: string;
  address: string;
  country: string;
  nearestCenter: string;
  availability: string;
  experience: string;
  motivation: string;
  skills: string;
  consent: boolean;
  areasOfInterest: string[];
  otherInterest: string;
}

export function registerVolunteer(payload: VolunteerPayload): Promise<{ message: string }> {
  return api('/volunteers/register', { method: 'POST', body: payload });
}

