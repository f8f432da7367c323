// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The register form's fields, from the definition of users.
import type { FormSchema } from './types.gen';

export const registerSchema = {
  fullName: {"label":"field.register.fullName","kind":"text","required":"form.fullNameRequired","max":200,"format":"name"},
  email: {"label":"field.register.email","kind":"text","required":"form.emailRequired","max":254,"format":"email"},
  mobile: {"label":"field.register.mobile","kind":"text","required":"form.mobileRequired","max":32,"format":"phone"},
  address: {"label":"field.register.address","kind":"text","max":1000},
} as const satisfies FormSchema;
