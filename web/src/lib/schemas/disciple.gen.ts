// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The disciple form's fields, from the definition of disciples.
import type { FormSchema } from './types.gen';

export const discipleSchema = {
  fullName: {"label":"field.disciple.fullName","kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  dateOfBirth: {"label":"field.disciple.dateOfBirth","kind":"text","max":10,"format":"date"},
  address: {"label":"field.disciple.address","kind":"text","max":500},
  contactNumber: {"label":"field.disciple.contactNumber","kind":"text","max":32,"format":"phone"},
  discipleEmail: {"label":"field.disciple.discipleEmail","kind":"text","max":254,"format":"email"},
  templePresidentEmail: {"label":"field.disciple.templePresidentEmail","kind":"text","required":"disciple.presidentRequired","max":254,"format":"email"},
  initiationDate: {"label":"field.disciple.initiationDate","kind":"text","max":10,"format":"date"},
  initiationName: {"label":"field.disciple.initiationName","kind":"text","max":120,"format":"name"},
} as const satisfies FormSchema;
