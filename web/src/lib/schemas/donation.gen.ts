// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The donation form's fields, from the definition of donations.
import type { FormSchema } from './types.gen';

export const donationSchema = {
  donorName: {"kind":"text","required":"gift.err.name","max":120,"format":"name"},
  email: {"kind":"text","required":"gift.err.email","max":254,"format":"email"},
  phone: {"kind":"text","max":32,"format":"phone"},
  address: {"kind":"text","required":"gift.err.address","max":500},
  idType: {"kind":"text","max":10,"format":"option","options":["PAN","AADHAAR","OTHER"]},
  idNumber: {"kind":"text","max":75},
  paidOn: {"kind":"text","required":"gift.err.paidOn","max":10,"format":"date"},
  purpose: {"kind":"text","required":"gift.err.purpose","max":20,"format":"option","options":["General","Health","Travel","SPDC"]},
  consent: {"kind":"bool","required":"gift.err.consent"},
} as const satisfies FormSchema;
