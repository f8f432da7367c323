import { afterEach, describe, expect, it } from 'vitest';
import { keepCookie, readCookie } from './cookies';

afterEach(() => {
  for (const name of ['spdc_lang', 'spdc_text_size', 'xspdc_lang']) keepCookie(name, null);
});

describe('cookies', () => {
  it('reads the named cookie among others, and only that one', () => {
    keepCookie('xspdc_lang', 'bn');
    expect(readCookie('spdc_lang')).toBeNull();
    keepCookie('spdc_lang', 'hi');
    keepCookie('spdc_text_size', 'largest');
    expect(readCookie('spdc_lang')).toBe('hi');
    expect(readCookie('spdc_text_size')).toBe('largest');
    expect(readCookie('xspdc_lang')).toBe('bn');
  });

  it('removes a cookie kept with null', () => {
    keepCookie('spdc_text_size', 'large');
    keepCookie('spdc_text_size', null);
    expect(readCookie('spdc_text_size')).toBeNull();
  });
});
