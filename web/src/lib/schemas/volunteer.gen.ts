// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The volunteer form's fields, from the definition of volunteers.
import type { FormSchema } from './types.gen';

export const volunteerSchema = {
  fullName: {"kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  email: {"kind":"text","required":"form.emailRequired","max":254,"format":"email"},
  mobile: {"kind":"text","max":32,"format":"phone"},
  address: {"kind":"text","max":500},
  country: {"kind":"text","max":200},
  nearestCenter: {"kind":"text","max":200},
  availability: {"kind":"text","max":200,"format":"option","options":["5-10 hours/week","10-20 hours/week","20+ hours/week"]},
  areasOfInterest: {"kind":"list","max":20,"options":["Financial Assistance","Medical/health practitioner","Emotional and Spiritual Support","Comprehensive Health Assessments","Community Building Activities","Relocation Assistance","Other"]},
  otherInterest: {"kind":"text","required":"volunteer.otherRequired","max":200,"revealedBy":{"key":"areasOfInterest","option":"Other"}},
  experience: {"kind":"text","required":"volunteer.experienceRequired","max":4000},
  motivation: {"kind":"text","required":"volunteer.motivationRequired","max":4000},
  skills: {"kind":"text","required":"volunteer.skillsRequired","max":4000},
  consent: {"kind":"bool","required":"volunteer.consentRequired"},
} as const satisfies FormSchema;
