// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The need form's fields, from the definition of care-needs.
import type { FormSchema } from '../types.gen';

export const needSchema = {
  service: {"label":"care.formField.need.service","kind":"text","required":"care.err.serviceRequired","max":20,"format":"option","options":["financial","healthcare","spiritual","health_assessment","community","relocation","advocacy","volunteering"]},
  priority: {"label":"care.formField.need.priority","kind":"text","required":"care.err.priorityRequired","max":10,"format":"option","options":["urgent","high","normal","low"]},
} as const satisfies FormSchema;
