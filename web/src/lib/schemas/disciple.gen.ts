// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The disciple form's fields, from the definition of disciples.
import type { FormSchema } from './types.gen';

export const discipleSchema = {
  fullName: {"kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  dateOfBirth: {"kind":"text","max":10,"format":"date"},
  address: {"kind":"text","max":500},
  contactNumber: {"kind":"text","max":32,"format":"phone"},
  discipleEmail: {"kind":"text","max":254,"format":"email"},
  templePresidentEmail: {"kind":"text","required":"disciple.presidentRequired","max":254,"format":"email"},
  initiationDate: {"kind":"text","max":10,"format":"date"},
  initiationName: {"kind":"text","max":120,"format":"name"},
} as const satisfies FormSchema;
