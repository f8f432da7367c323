// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The partner form's fields, from the definition of partners.
import type { FormSchema } from '../types.gen';

export const partnerSchema = {
  kind: {"label":"care.formField.partner.kind","kind":"text","required":"care.err.kindRequired","max":20,"format":"option","options":["hospital","doctor","guest_house","temple","other"]},
  name: {"label":"care.formField.partner.name","kind":"text","required":"care.err.nameRequired","max":120,"format":"name"},
  city: {"label":"care.formField.partner.city","kind":"text","max":120},
  phone: {"label":"care.formField.partner.phone","kind":"text","max":32,"format":"phone"},
  email: {"label":"care.formField.partner.email","kind":"text","max":254,"format":"email"},
  notes: {"label":"care.formField.partner.notes","kind":"text","max":2000},
} as const satisfies FormSchema;
