// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The host form's fields, from the definition of hosts.
import type { FormSchema } from './types.gen';

export const hostSchema = {
  fullName: {"kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  initiatedName: {"kind":"text","max":120,"format":"name"},
  contactNumber: {"kind":"text","max":32,"format":"phone"},
  email: {"kind":"text","max":254,"format":"email"},
  address: {"kind":"text","max":500},
  country: {"kind":"text","max":200},
  nearestCenter: {"kind":"text","max":200},
  accommodationTypes: {"kind":"list","max":20,"options":["Private Room","Shared Room","Guest House Facility","Others (please Specify)"]},
  accommodationOther: {"kind":"text","required":"host.accommodationOtherRequired","max":200,"revealedBy":{"key":"accommodationTypes","option":"Others (please Specify)"}},
  availabilityDurations: {"kind":"list","max":20,"options":["Short Term (up to 1 week)","Medium Term (1–3 weeks)","Long Term (More than 1 month)"]},
  facilities: {"kind":"list","max":20,"options":["Lift/Wheelchair Access","Doctor Nearby","Nearby ISKCON Temple","Daily Prasadam Service","Wifi/Communication","Other"]},
  facilityOther: {"kind":"text","required":"host.facilityOtherRequired","max":200,"revealedBy":{"key":"facilities","option":"Other"}},
  whyHost: {"kind":"text","required":"host.whyRequired","max":4000},
  consentTerms: {"kind":"bool","required":"host.termsRequired"},
  consentContact: {"kind":"bool","required":"host.contactRequired"},
} as const satisfies FormSchema;
