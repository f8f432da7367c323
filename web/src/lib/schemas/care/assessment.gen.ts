// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The assessment form's fields, from the definition of care-assessments.
import type { FormSchema } from '../types.gen';

export const assessmentSchema = {
  assessedOn: {"label":"care.formField.assessment.assessedOn","kind":"text","required":"care.err.dateRequired","max":10,"format":"date"},
  health: {"label":"care.formField.assessment.health","kind":"text","max":2000},
  mobility: {"label":"care.formField.assessment.mobility","kind":"text","max":2000},
  living: {"label":"care.formField.assessment.living","kind":"text","max":2000},
  income: {"label":"care.formField.assessment.income","kind":"text","max":2000},
  family: {"label":"care.formField.assessment.family","kind":"text","max":2000},
  spiritual: {"label":"care.formField.assessment.spiritual","kind":"text","max":2000},
  risks: {"label":"care.formField.assessment.risks","kind":"text","max":2000},
} as const satisfies FormSchema;
