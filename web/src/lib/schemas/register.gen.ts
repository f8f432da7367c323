// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The register form's fields, from the definition of users.
import type { FormSchema } from './types.gen';

export const registerSchema = {
  fullName: {"kind":"text","required":"form.fullNameRequired","max":200,"format":"name"},
  email: {"kind":"text","required":"form.emailRequired","max":254,"format":"email"},
  mobile: {"kind":"text","required":"form.mobileRequired","max":32,"format":"phone"},
  address: {"kind":"text","max":1000},
} as const satisfies FormSchema;
