// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The host form's fields, from the definition of hosts.
import type { FormSchema } from './types.gen';

export const hostSchema = {
  fullName: {"label":"field.host.fullName","kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  initiatedName: {"label":"field.host.initiatedName","kind":"text","max":120,"format":"name"},
  contactNumber: {"label":"field.host.contactNumber","kind":"text","max":32,"format":"phone"},
  email: {"label":"field.host.email","kind":"text","max":254,"format":"email"},
  address: {"label":"field.host.address","kind":"text","max":500},
  country: {"label":"field.host.country","kind":"text","max":200},
  nearestCenter: {"label":"field.host.nearestCenter","kind":"text","max":200},
  accommodationTypes: {"label":"field.host.accommodationTypes","kind":"list","max":20,"options":["Private Room","Shared Room","Guest House Facility","Others (please Specify)"]},
  accommodationOther: {"label":"field.host.accommodationOther","kind":"text","required":"host.accommodationOtherRequired","max":200,"revealedBy":{"key":"accommodationTypes","option":"Others (please Specify)"}},
  availabilityDurations: {"label":"field.host.availabilityDurations","kind":"list","max":20,"options":["Short Term (up to 1 week)","Medium Term (1–3 weeks)","Long Term (More than 1 month)"]},
  facilities: {"label":"field.host.facilities","kind":"list","max":20,"options":["Lift/Wheelchair Access","Doctor Nearby","Nearby ISKCON Temple","Daily Prasadam Service","Wifi/Communication","Other"]},
  facilityOther: {"label":"field.host.facilityOther","kind":"text","required":"host.facilityOtherRequired","max":200,"revealedBy":{"key":"facilities","option":"Other"}},
  whyHost: {"label":"field.host.whyHost","kind":"text","required":"host.whyRequired","max":4000},
  consentTerms: {"label":"field.host.consentTerms","kind":"bool","required":"host.termsRequired"},
  consentContact: {"label":"field.host.consentContact","kind":"bool","required":"host.contactRequired"},
} as const satisfies FormSchema;
