// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The contact form's fields, from the definition of messages.
import type { FormSchema } from './types.gen';

export const contactSchema = {
  name: {"label":"field.contact.name","kind":"text","required":"contact.nameRequired","max":120,"format":"name"},
  email: {"label":"field.contact.email","kind":"text","required":"contact.emailRequired","max":254,"format":"email"},
  subject: {"label":"field.contact.subject","kind":"text","required":"contact.subjectRequired","max":200},
  phone: {"label":"field.contact.phone","kind":"text","required":"contact.phoneRequired","max":32,"format":"phone"},
  message: {"label":"field.contact.message","kind":"text","required":"contact.messageRequired","max":4000},
  acceptTerms: {"label":"field.contact.acceptTerms","kind":"bool","required":"contact.termsRequired"},
} as const satisfies FormSchema;
