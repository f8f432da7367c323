// The host form's call and option lists.
import { api } from '@/lib/api';
import type { Received } from '@/lib/confirmation';
import { hostsFields } from '@/lib/entities.gen';

// The option lists come from the server's host definition.
export const ACCOMMODATION = hostsFields.accommodationTypes.options;
export const DURATIONS = hostsFields.availabilityDurations.options;
export const FACILITIES = hostsFields.facilities.options;
export const ACCOMMODATION_OTHER = 'Others (please Specify)';
export const FACILITY_OTHER = 'Other';

/** HostPayload is the host registration payload. */
export interface HostPayload {
  fullName: string;
  initiatedName: string;
  contactNumber: string;
  email: string;
  address: string;
  country: string;
  nearestCenter: string;
  accommodationTypes: string[];
  accommodationOther: string;
  availabilityDurations: string[];
  facilities: string[];
  facilityOther: string;
  whyHost: string;
  consentTerms: boolean;
  consentContact: boolean;
}

export function registerHost(payload: HostPayload): Promise<Received> {
  return api('/hosts/register', { method: 'POST', body: payload });
}

