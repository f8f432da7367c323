// Calls of the volunteer form: the registration itself and the profile
// used to prefill it.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import type { FormValues } from '@/lib/schemas/types.gen';
import { volunteerSchema } from '@/lib/schemas/volunteer.gen';

// The option lists come from the server's volunteer definition.
export const AVAILABILITY = volunteerSchema.availability.options;
export const AREAS_OF_INTEREST = volunteerSchema.areasOfInterest.options;

/** VolunteerPayload is the volunteer registration as the form sends it. */
export type VolunteerPayload = FormValues<typeof volunteerSchema>;

export function registerVolunteer(payload: VolunteerPayload): Promise<Received> {
  return api('/volunteers/register', { method: 'POST', body: payload });
}

