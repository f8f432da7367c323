// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The action form's fields, from the definition of care-actions.
import type { FormSchema } from '../types.gen';

export const actionSchema = {
  service: {"label":"care.formField.action.service","kind":"text","required":"care.err.serviceRequired","max":20,"format":"option","options":["financial","healthcare","spiritual","health_assessment","community","relocation","advocacy","volunteering"]},
  action: {"label":"care.formField.action.action","kind":"text","required":"care.err.actionRequired","max":1000},
  responsibleId: {"label":"care.formField.action.responsibleId","kind":"text","required":"care.err.responsibleRequired","max":40},
  targetDate: {"label":"care.formField.action.targetDate","kind":"text","required":"care.err.dateRequired","max":10,"format":"date"},
  status: {"label":"care.formField.action.status","kind":"text","required":"care.err.statusRequired","max":20,"format":"option","options":["planned","in_progress","done","cancelled"]},
  volunteerId: {"label":"care.formField.action.volunteerId","kind":"text","max":40},
  hostId: {"label":"care.formField.action.hostId","kind":"text","max":40},
  stayFrom: {"label":"care.formField.action.stayFrom","kind":"text","max":10,"format":"date"},
  stayTo: {"label":"care.formField.action.stayTo","kind":"text","max":10,"format":"date"},
  stayPlace: {"label":"care.formField.action.stayPlace","kind":"text","max":200},
  partnerId: {"label":"care.formField.action.partnerId","kind":"text","max":40},
} as const satisfies FormSchema;
