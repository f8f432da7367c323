// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The record form's fields, from the definition of care.
import type { FormSchema } from '../types.gen';

export const recordSchema = {
  ownerId: {"label":"care.formField.record.ownerId","kind":"text","max":40},
  status: {"label":"care.formField.record.status","kind":"text","max":20,"format":"option","options":["active","paused","closed"]},
  nextContactDue: {"label":"care.formField.record.nextContactDue","kind":"text","max":10,"format":"date"},
} as const satisfies FormSchema;
