// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// The payment form's fields, from the definition of care-payments.
import type { FormSchema } from '../types.gen';

export const paymentSchema = {
  kind: {"label":"care.formField.payment.kind","kind":"text","required":"care.err.kindRequired","max":10,"format":"option","options":["money","in_kind"]},
  purpose: {"label":"care.formField.payment.purpose","kind":"text","required":"care.err.purposeRequired","max":20,"format":"option","options":["General","Health","Travel","SPDC"]},
  service: {"label":"care.formField.payment.service","kind":"text","required":"care.err.serviceRequired","max":20,"format":"option","options":["financial","healthcare","spiritual","health_assessment","community","relocation","advocacy","volunteering"]},
  paidOn: {"label":"care.formField.payment.paidOn","kind":"text","required":"care.err.dateRequired","max":10,"format":"date"},
  mode: {"label":"care.formField.payment.mode","kind":"text","max":20,"format":"option","options":["cash","bank_transfer","upi","cheque","other"]},
  reference: {"label":"care.formField.payment.reference","kind":"text","max":60},
  payee: {"label":"care.formField.payment.payee","kind":"text","required":"care.err.payeeRequired","max":200},
  description: {"label":"care.formField.payment.description","kind":"text","max":1000},
  overdrawReason: {"label":"care.formField.payment.overdrawReason","kind":"text","max":1000},
} as const satisfies FormSchema;
