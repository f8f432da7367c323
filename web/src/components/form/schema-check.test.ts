// The generated form schemas and the check that reads them: every message
// key a schema names is in the catalogues, and checkFields refuses what
// the server refuses, by field, with the schema's own limits.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFields, emptyValues } from './check-fields';
import type { FormSchema } from '@/lib/schemas/types.gen';
import { contactSchema } from '@/lib/schemas/contact.gen';
import { hostSchema } from '@/lib/schemas/host.gen';
import { volunteerSchema } from '@/lib/schemas/volunteer.gen';

const en = JSON.parse(readFileSync(resolve(__dirname, '../../i18n/messages/en.json'), 'utf8')) as Record<string, string>;
// Every generated schema module, by file: one per public form.
const modules = import.meta.glob<Record<string, FormSchema>>('../../lib/schemas/*.gen.ts', { eager: true });
const all = Object.values(modules).flatMap((m) => Object.entries(m).filter(([k]) => k.endsWith('Schema')));

describe('generated form schemas', () => {
  it('are the six public forms', () => {
    expect(all.map(([k]) => k).sort()).toEqual(['contactSchema', 'discipleSchema', 'donationSchema', 'hostSchema', 'registerSchema', 'volunteerSchema']);
  });

  it('name only message keys the catalogues have', () => {
    const missing = all.flatMap(([form, s]) => Object.entries(s).flatMap(([k, f]) => (f.required && !(f.required in en) ? [`${form}.${k}: ${f.required}`] : [])));
    expect(missing).toEqual([]);
  });
});

describe('checkFields', () => {
  const contact = { ...emptyValues(contactSchema) };

  it('asks for every required field, a consent included, with its own message', () => {
    expect(checkFields(contactSchema, contact)).toEqual({
      name: en['contact.nameRequired'],
      email: en['contact.emailRequired'],
      subject: en['contact.subjectRequired'],
      phone: en['contact.phoneRequired'],
      message: en['contact.messageRequired'],
      acceptTerms: en['contact.termsRequired'],
    });
  });

  it('refuses a wrong shape and a text over the limit of the definition', () => {
    const max = contactSchema.message.max;
    const e = checkFields(contactSchema, {
      ...contact,
      name: 'Asha <b>',
      email: 'not-an-address',
      subject: 'Help',
      phone: '12',
      message: 'x'.repeat(max + 1),
      acceptTerms: true,
    });
    expect(e).toEqual({
      name: en['form.nameChars'],
      email: en['contact.emailInvalid'],
      phone: en['form.phoneInvalid'],
      message: en['form.keepUnder'].replace('{n}', String(max)),
    });
    // The limit counts characters as the server does (code points), after trimming.
    expect(checkFields(contactSchema, { ...contact, message: `  ${'क'.repeat(max)}  ` }, ['message'])).toEqual({});
  });

  it('checks a field revealed by a choice only when the choice is made', () => {
    const v = { ...emptyValues(volunteerSchema), areasOfInterest: ['Financial Assistance'] };
    expect(checkFields(volunteerSchema, v, ['otherInterest'])).toEqual({});
    const other = volunteerSchema.otherInterest.revealedBy.option;
    expect(checkFields(volunteerSchema, { ...v, areasOfInterest: [other] }, ['otherInterest'])).toEqual({ otherInterest: en['volunteer.otherRequired'] });
    const long = 'y'.repeat(hostSchema.facilityOther.max + 1);
    expect(checkFields(hostSchema, { ...emptyValues(hostSchema), facilities: [hostSchema.facilityOther.revealedBy.option], facilityOther: long }, ['facilityOther'])).toEqual({
      facilityOther: en['form.keepUnder'].replace('{n}', String(hostSchema.facilityOther.max)),
    });
  });

  it('starts a form from its schema: empty texts and lists, consents not given', () => {
    expect(emptyValues(hostSchema)).toMatchObject({ fullName: '', accommodationTypes: [], consentTerms: false });
  });
});
