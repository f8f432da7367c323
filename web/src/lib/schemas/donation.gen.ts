// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The donation form's fields, from the definition of donations.
import type { FormSchema } from './types.gen';

export const donationSchema = {
  donorName: {"label":"field.donation.donorName","kind":"text","required":"gift.err.name","max":120,"format":"name"},
  email: {"label":"field.donation.email","kind":"text","required":"gift.err.email","max":254,"format":"email"},
  phone: {"label":"field.donation.phone","kind":"text","max":32,"format":"phone"},
  address: {"label":"field.donation.address","kind":"text","required":"gift.err.address","max":500},
  idType: {"label":"field.donation.idType","kind":"text","max":10,"format":"option","options":["PAN","AADHAAR","OTHER"]},
  idNumber: {"label":"field.donation.idNumber","kind":"text","max":75},
  paidOn: {"label":"field.donation.paidOn","kind":"text","required":"gift.err.paidOn","max":10,"format":"date"},
  purpose: {"label":"field.donation.purpose","kind":"text","required":"gift.err.purpose","max":20,"format":"option","options":["General","Health","Travel","SPDC"]},
  consent: {"label":"field.donation.consent","kind":"bool","required":"gift.err.consent"},
} as const satisfies FormSchema;
