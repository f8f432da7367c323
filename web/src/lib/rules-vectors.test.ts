// The browser's rules for IDs, transfer references and passwords against
// the vectors the server's rules are tested with too (testdata/rules.json
// at the repository's root), so the two sides can never disagree.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleError, idMessages, parseAadhaar, parsePan, parseReference, referenceMessages } from './india';
import { passwordProblem } from './password-rules';
import { t } from '@/i18n';

interface Vector {
  mode?: string;
  in: string;
  admin?: boolean;
  ok?: string;
  error?: string;
}

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/rules.json'), 'utf8')) as Record<string, Vector[]>;

// The server's refusal codes and the browser's sentences for them.
const refusals: Record<string, () => string> = {
  id_empty: () => idMessages.empty,
  pan_format: () => idMessages.panFormat,
  pan_holder: () => idMessages.panHolder,
  aadhaar_format: () => idMessages.aadhaarFormat,
  aadhaar_first: () => idMessages.aadhaarFirst,
  aadhaar_check: () => idMessages.aadhaarCheck,
  mode: () => referenceMessages.mode,
  reference_empty: () => referenceMessages.empty,
  reference_upi: () => referenceMessages.upi,
  reference_imps: () => referenceMessages.imps,
  reference_neft: () => referenceMessages.neft,
  reference_cheque: () => referenceMessages.cheque,
  reference_invalid: () => referenceMessages.invalid,
};

function outcome(parse: () => string): { ok: string } | { error: string } {
  try {
    return { ok: parse() };
  } catch (err) {
    if (!(err instanceof RuleError)) throw err;
    return { error: err.message };
  }
}

const parsers: Record<string, (v: Vector) => string> = {
  pan: (v) => parsePan(v.in),
  aadhaar: (v) => parseAadhaar(v.in),
  reference: (v) => parseReference(v.mode ?? '', v.in),
};

describe('shared rule vectors', () => {
  for (const kind of Object.keys(parsers)) {
    it.each(vectors[kind].map((v) => [v.mode ?? '', v.in, v] as const))(`${kind} %s %j`, (_mode, _in, v) => {
      const want = v.ok !== undefined ? { ok: v.ok } : { error: refusals[v.error ?? '']() };
      expect(outcome(() => parsers[kind](v))).toEqual(want);
    });
  }

  // The browser checks every password rule but the list of common
  // passwords, which stays on the server: a common password passes here
  // and is refused when sent.
  const passwordKinds: Record<string, (admin: boolean) => string> = {
    required: () => t('password.required'),
    spaces: () => t('password.spaces'),
    short: (admin) => (admin ? t('password.tooShortAdmin', { min: 12 }) : t('password.tooShort', { min: 10 })),
    long: () => t('form.atMost', { n: 1024 }),
    common: () => '',
  };
  it.each(vectors.password.map((v) => [v.in.slice(0, 20), v] as const))('password %j', (_in, v) => {
    const want = v.error ? passwordKinds[v.error](v.admin ?? false) : '';
    expect(passwordProblem(v.in, v.admin ?? false)).toBe(want);
  });
});
