import { describe, expect, it } from 'vitest';
import { onBehalfBody, onBehalfErrors } from './on-behalf';

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
