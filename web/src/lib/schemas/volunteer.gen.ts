// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The volunteer form's fields, from the definition of volunteers.
import type { FormSchema } from './types.gen';

export const volunteerSchema = {
  fullName: {"label":"field.volunteer.fullName","kind":"text","required":"form.fullNameRequired","max":120,"format":"name"},
  email: {"label":"field.volunteer.email","kind":"text","required":"form.emailRequired","max":254,"format":"email"},
  mobile: {"label":"field.volunteer.mobile","kind":"text","max":32,"format":"phone"},
  address: {"label":"field.volunteer.address","kind":"text","max":500},
  country: {"label":"field.volunteer.country","kind":"text","max":200},
  nearestCenter: {"label":"field.volunteer.nearestCenter","kind":"text","max":200},
  availability: {"label":"field.volunteer.availability","kind":"text","max":200,"format":"option","options":["5-10 hours/week","10-20 hours/week","20+ hours/week"]},
  areasOfInterest: {"label":"field.volunteer.areasOfInterest","kind":"list","max":20,"options":["Financial Assistance","Medical/health practitioner","Emotional and Spiritual Support","Comprehensive Health Assessments","Community Building Activities","Relocation Assistance","Other"]},
  otherInterest: {"label":"field.volunteer.otherInterest","kind":"text","required":"volunteer.otherRequired","max":200,"revealedBy":{"key":"areasOfInterest","option":"Other"}},
  experience: {"label":"field.volunteer.experience","kind":"text","required":"volunteer.experienceRequired","max":4000},
  motivation: {"label":"field.volunteer.motivation","kind":"text","required":"volunteer.motivationRequired","max":4000},
  skills: {"label":"field.volunteer.skills","kind":"text","required":"volunteer.skillsRequired","max":4000},
  consent: {"label":"field.volunteer.consent","kind":"bool","required":"volunteer.consentRequired"},
} as const satisfies FormSchema;
