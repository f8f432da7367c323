// The register's forms check with the schemas generated from the server's
// definitions: every message key a care schema names is in the
// catalogues, and each form refuses a text one character over the
// definition's limit (and takes one at it), with the reader's message.
import { describe, expect, it } from 'vitest';
import '../testing/messages';
import en from '@/i18n/messages/en.json';
import type { FormSchema } from '@/lib/schemas/types.gen';
import { actionSchema } from '@/lib/schemas/care/action.gen';
import { contactSchema } from '@/lib/schemas/care/contact.gen';
import { partnerSchema } from '@/lib/schemas/care/partner.gen';
import { paymentSchema } from '@/lib/schemas/care/payment.gen';
import { checkCare } from './check';
import { validateAction } from './plan';
import { validateContact } from './contact-log';
import { validatePartner } from './partners-page';
import { validatePayment } from './payments';
import { validateAssessment } from './assessment-form';
import { t } from '@/i18n';

const catalogue = en as Record<string, string>;
const modules = import.meta.glob<Record<string, FormSchema>>('../../../lib/schemas/care/*.gen.ts', { eager: true });
const schemas = Object.values(modules).flatMap((m) => Object.entries(m).filter(([k]) => k.endsWith('Schema')));
const keepUnder = (n: number) => catalogue['form.keepUnder'].replace('{n}', String(n));

describe('the care forms’ generated schemas', () => {
  it('are the register’s seven forms', () => {
    expect(schemas.map(([k]) => k).sort()).toEqual(['actionSchema', 'assessmentSchema', 'contactSchema', 'needSchema', 'partnerSchema', 'paymentSchema', 'recordSchema']);
  });

  it('name only message keys the catalogues have', () => {
    const missing = schemas.flatMap(([form, s]) => Object.entries(s).flatMap(([k, f]) => (f.required && !(f.required in catalogue) ? [`${form}.${k}: ${f.required}`] : [])));
    expect(missing).toEqual([]);
  });
});

describe('the care forms’ checks', () => {
  const today = '2026-11-27';
  const over = (max: number | undefined) => 'अ'.repeat((max ?? 0) + 1);
  const at = (max: number | undefined) => 'अ'.repeat(max ?? 0);

  it('refuse a text over the limit of its definition, counted in characters', () => {
    const action = { service: 'healthcare', action: over(actionSchema.action.max), responsibleId: 'u1', targetDate: today, status: 'planned', volunteerId: '', hostId: '', stayFrom: '', stayTo: '', stayPlace: over(actionSchema.stayPlace.max), partnerId: '' };
    expect(validateAction(action, t)).toEqual({ action: keepUnder(actionSchema.action.max), stayPlace: keepUnder(actionSchema.stayPlace.max) });
    expect(validateAction({ ...action, action: at(actionSchema.action.max), stayPlace: at(actionSchema.stayPlace.max) }, t)).toEqual({});

    const contact = { contactOn: today, kind: 'call', summary: over(contactSchema.summary.max), nextDue: '' };
    expect(validateContact(contact, t, today)).toEqual({ summary: keepUnder(contactSchema.summary.max) });

    const partner = { kind: 'hospital', name: over(partnerSchema.name.max), city: over(partnerSchema.city.max), phone: '', email: '', notes: at(partnerSchema.notes.max) };
    expect(validatePartner(partner)).toEqual({ name: keepUnder(partnerSchema.name.max), city: keepUnder(partnerSchema.city.max) });

    const pay = { kind: 'money', amount: '100', purpose: 'Health', service: 'healthcare', paidOn: today, mode: 'upi', reference: over(paymentSchema.reference.max), payee: at(paymentSchema.payee.max), description: over(paymentSchema.description.max), overdrawReason: '' };
    expect(validatePayment(pay, t, today)).toEqual({ reference: keepUnder(paymentSchema.reference.max), description: keepUnder(paymentSchema.description.max) });
  });

  it('ask for each required value with the schema’s message, and check the days', () => {
    expect(validateContact({ contactOn: '', kind: '', summary: ' ', nextDue: '2026-02-30' }, t, today)).toEqual({
      contactOn: catalogue['care.err.dateRequired'],
      kind: catalogue['care.err.kindRequired'],
      summary: catalogue['care.err.summaryRequired'],
      nextDue: catalogue['care.err.dateInvalid'],
    });
    const areas = { health: 'walks with a stick', mobility: '', living: '', income: '', family: '', spiritual: '', risks: '' };
    expect(validateAssessment({ assessedOn: '2026-11-28', ...areas, needs: {} }, t, today)).toEqual({ assessedOn: catalogue['care.err.dateFuture'] });
    expect(checkCare(paymentSchema, { kind: 'in_kind', purpose: 'Health', service: 'healthcare', paidOn: today, payee: 'Clinic' }, ['paidOn'], today)).toEqual({});
  });
});
