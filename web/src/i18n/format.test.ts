import { describe, expect, it } from 'vitest';
import { compileCatalogue, MessageError, parseMessage } from './compile';
import { render, type Locales } from './format';

const en: Locales = { number: 'en-IN', date: 'en-US' };
const hi: Locales = { number: 'hi-IN', date: 'hi-IN' };
const bn: Locales = { number: 'bn-IN-u-nu-latn', date: 'bn-IN-u-nu-latn' };
const fmt = (src: string, values: Record<string, string | number | Date> = {}, loc = en) => render(parseMessage(src).compiled, values, loc).join('');

describe('messages', () => {
  it('fills in placeholders and keeps apostrophes', () => {
    expect(fmt("Srila Prabhupada's {who}", { who: 'disciples' })).toBe("Srila Prabhupada's disciples");
    expect(fmt("'{literal}' and ''quoted''")).toBe("{literal} and 'quoted'");
  });

  it('groups numbers the Indian way in every language', () => {
    expect(fmt('₹{n, number}', { n: 100000 })).toBe('₹1,00,000');
    expect(fmt('₹{n, number}', { n: 1234567 }, hi)).toBe('₹12,34,567');
    expect(fmt('₹{n, number}', { n: 100000 }, bn)).toBe('₹1,00,000');
  });

  it('chooses the plural form by the language', () => {
    const src = '{n, plural, =0 {no entries} one {# entry} other {# entries}}';
    expect(fmt(src, { n: 0 })).toBe('no entries');
    expect(fmt(src, { n: 1 })).toBe('1 entry');
    expect(fmt(src, { n: 12000 })).toBe('12,000 entries');
    expect(fmt('{n, plural, one {# प्रविष्टि} other {# प्रविष्टियाँ}}', { n: 1 }, hi)).toBe('1 प्रविष्टि');
    expect(fmt('{n, plural, one {# প্রবেশ} other {# প্রবেশ}}', { n: 3 }, bn)).toBe('3 প্রবেশ');
  });

  it('shows dates with the month by name', () => {
    expect(fmt('{d, date}', { d: '2026-11-22' })).toBe('Nov 22, 2026');
    expect(fmt('{d, date}', { d: '2026-11-22' }, hi)).toMatch(/^22 नव.* 2026$/);
    expect(fmt('{d, date}', { d: '2026-11-22' }, bn)).toMatch(/^22 নভে.* 2026$/);
  });

  it('selects a case and falls back to other', () => {
    const src = '{kind, select, UPI {by UPI} other {by bank}}';
    expect(fmt(src, { kind: 'UPI' })).toBe('by UPI');
    expect(fmt(src, { kind: 'NEFT' })).toBe('by bank');
  });

  it('turns tags into nodes, or keeps their text', () => {
    const m = parseMessage('Read the <link>privacy policy</link>.').compiled;
    expect(render(m, {}, en)).toEqual(['Read the privacy policy.']);
    expect(render<{ a: string }>(m, {}, en, { link: (c) => ({ a: c.join('') }) })).toEqual(['Read the ', { a: 'privacy policy' }, '.']);
  });

  it('refuses a broken message with its key', () => {
    expect(() => parseMessage('{n, plural, one {x}}')).toThrow(MessageError);
    expect(() => parseMessage('{n, plural, other {x}')).toThrow(MessageError);
    expect(() => parseMessage('a <b>bold')).toThrow(MessageError);
    expect(() => parseMessage('{n, money}')).toThrow(MessageError);
    expect(() => compileCatalogue({ 'x.y': '{oops' })).toThrow(/x\.y/);
  });
});
