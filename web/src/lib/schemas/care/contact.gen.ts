// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The contact form's fields, from the definition of care-contacts.
import type { FormSchema } from '../types.gen';

export const contactSchema = {
  contactOn: {"label":"care.formField.contact.contactOn","kind":"text","required":"care.err.dateRequired","max":10,"format":"date"},
  kind: {"label":"care.formField.contact.kind","kind":"text","required":"care.err.kindRequired","max":10,"format":"option","options":["call","visit","other"]},
  summary: {"label":"care.formField.contact.summary","kind":"text","required":"care.err.summaryRequired","max":2000},
  nextDue: {"label":"care.formField.contact.nextDue","kind":"text","max":10,"format":"date"},
} as const satisfies FormSchema;
