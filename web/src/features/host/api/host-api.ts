// The host form's call and option lists.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import type { FormValues } from '@/lib/schemas/types.gen';
import { hostSchema } from '@/lib/schemas/host.gen';

// The option lists come from the server's host definition.
export const ACCOMMODATION = hostSchema.accommodationTypes.options;
export const DURATIONS = hostSchema.availabilityDurations.options;
export const FACILITIES = hostSchema.facilities.options;
// The choices that ask for a description of their own.
export const ACCOMMODATION_OTHER = hostSchema.accommodationOther.revealedBy.option;
export const FACILITY_OTHER = hostSchema.facilityOther.revealedBy.option;

/** HostPayload is the offer to host as the form sends it. */
export type HostPayload = FormValues<typeof hostSchema>;

export function registerHost(payload: HostPayload): Promise<Received> {
  return api('/hosts/register', { method: 'POST', body: payload });
}

