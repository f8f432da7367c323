import { describe, expect, it } from 'vitest';
import { onBehalfBody, onBehalfErrors, standInErrors } from './on-behalf';

const ticked = { on: true, consentMethod: 'thumbprint', witnessName: 'Madhava Das', witnessContact: '+91 98765 43210', noticeLanguage: 'hi', errors: {} };

describe('on behalf of an elder', () => {
  it('adds the details only when ticked by a signed-in helper', () => {
    expect(onBehalfBody(ticked, true)).toEqual({
      onBehalf: { consentMethod: 'thumbprint', witnessName: 'Madhava Das', witnessContact: '+91 98765 43210', noticeLanguage: 'hi' },
    });
    expect(onBehalfBody(ticked, false)).toBeNull();
    expect(onBehalfBody({ ...ticked, on: false }, true)).toBeNull();
  });
  it("keeps the server's messages about it, by field", () => {
    expect(
      onBehalfErrors({ email: 'is required', onBehalf: 'sign in first', 'onBehalf.witnessName': 'is required: who saw the elder consent?' }),
    ).toEqual({ on: 'sign in first', witnessName: 'is required: who saw the elder consent?' });
  });
});

describe("the helper's details stand in for the elder's", () => {
  const helper = { email: 'gita@example.org', mobile: '+919812345678' };
  const errors = { contactNumber: 'Please give a contact number or an email address', discipleEmail: 'Please give a contact number or an email address', fullName: 'Please enter your full name.' };
  it('drops the empty contact fields only while the box is ticked by a signed-in helper', () => {
    const values = { contactNumber: '', discipleEmail: ' ', fullName: '' };
    expect(standInErrors('disciple', errors, values, true, helper)).toEqual({ fullName: 'Please enter your full name.' });
    expect(standInErrors('disciple', errors, values, false, helper)).toEqual(errors);
    expect(standInErrors('disciple', errors, values, true, null)).toEqual(errors);
  });
  it('keeps a problem with what was typed, and a phone the helper does not have', () => {
    const e = { phone: 'Please enter your phone number', email: 'Please enter a valid email address' };
    expect(standInErrors('contact', e, { phone: '', email: 'nope' }, true, { email: 'gita@example.org' })).toEqual(e);
    expect(standInErrors('contact', e, { phone: '', email: 'nope' }, true, helper)).toEqual({ email: 'Please enter a valid email address' });
  });
});
