// Calls of the volunteer form: the registration itself and the profile
// used to prefill it.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import { volunteersFields } from '@/lib/entities.gen';

// The option lists come from the server's volunteer definition.
export const AVAILABILITY = volunteersFields.availability.options;
export const AREAS_OF_INTEREST = volunteersFields.areasOfInterest.options;

/** VolunteerPayload is the volunteer registration payload. */
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

export function registerVolunteer(payload: VolunteerPayload): Promise<Received> {
  return api('/volunteers/register', { method: 'POST', body: payload });
}

