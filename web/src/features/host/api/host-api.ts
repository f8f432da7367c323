// The host form's call and option lists (SPEC §3, PRODUCT §4).
import { api } from '@/lib/api';

export const ACCOMMODATION = ['Private Room', 'Shared Room', 'Guest House Facility', 'Others (please Specify)'] as const;
export const DURATIONS = ['Short Term (up to 1 week)', 'Medium Term (1–3 weeks)', 'Long Term (More than 1 month)'] as const;
export const FACILITIES = [
  'Lift/Wheelchair Access',
  'Doctor Nearby',
  'Nearby ISKCON Temple',
  'Daily Prasadam Service',
  'Wifi/Communication',
  'Other',
] as const;
export const ACCOMMODATION_OTHER = 'Others (please Specify)';
export const FACILITY_OTHER = 'Other';

/** HostPayload is the host offer of PRODUCT §4. */
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

export function registerHost(payload: HostPayload): Promise<{ message?: string }> {
  return api('/hosts/register', { method: 'POST', body: payload });
}

