// The browser's rules for IDs, transfer references and passwords against
// the vectors the server's rules are tested with too (testdata/rules.json
// at the repository's root), so the two sides can never disagree.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleError, amountMessages, checkGiftRules, giftMessages, idMessages, parseAadhaar, parseAmount, parseId, parsePan, parseReference, referenceMessages, type GiftRules, type IdType } from './india';
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

  // The rules that join a gift's fields: each field refused by its own
  // rule gives that rule's sentence; the joined rules their own.
  type GiftVector = Omit<GiftRules, 'residentOfIndia'> & { resident: boolean | null; errors: Record<string, string> };
  const joined: Record<string, () => string> = {
    gift_pan_required: () => giftMessages.panRequired,
    gift_80g_needs_id: () => giftMessages.needsId80G,
    gift_cash_80g: () => giftMessages.cash80G,
    gift_receipt_type: () => giftMessages.receiptType,
    gift_resident: () => giftMessages.resident,
    gift_non_resident: () => giftMessages.nonResident,
    gift_which_id: () => idMessages.whichId,
    id_type: () => t('gift.rule.id.type'),
  };
  // A single value's refusal: its own rule run alone on the same input.
  const single = (field: string, g: GiftVector): string => {
    const run: Record<string, () => unknown> = {
      amount: () => parseAmount(g.amount),
      idNumber: () => parseId(g.idType.trim().toUpperCase() as IdType, g.idNumber),
      mode: () => parseReference(g.mode.trim().toUpperCase(), g.reference),
      reference: () => parseReference(g.mode.trim().toUpperCase(), g.reference),
    };
    const got = outcome(() => String(run[field]()));
    return 'error' in got ? got.error : '';
  };
  const gifts = (vectors as unknown as { gift: GiftVector[] }).gift;
  it('has gift cases', () => expect(gifts.length).toBeGreaterThan(15));
  it.each(gifts.map((g, i) => [i, g] as const))('gift case %i', (_i, g) => {
    const got = checkGiftRules({ ...g, residentOfIndia: g.resident });
    const want = Object.fromEntries(
      Object.entries(g.errors).map(([field, code]) => {
        if (joined[code]) return [field, joined[code]()];
        const message = single(field, g);
        // The code names the same refusal as the server's rule.
        const byCode = refusals[code]?.() ?? amountMessages[code.replace(/^amount_/, '').replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as keyof typeof amountMessages];
        expect(message, `${field} ${code}`).toBe(byCode);
        return [field, message];
      }),
    );
    expect(got).toEqual(want);
  });
});
