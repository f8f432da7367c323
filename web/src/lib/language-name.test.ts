import { afterEach, describe, expect, it } from 'vitest';
import { compileCatalogue } from '@/i18n/compile';
import { setMessages } from '@/i18n';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import { languageName } from './language-name';

describe('languageName', () => {
  afterEach(() => setMessages('en', compileCatalogue(en), ['admin']));

  it("names a stored language in the reader's language", () => {
    expect(languageName('hi')).toBe('Hindi');
    setMessages('hi', compileCatalogue(hi), ['admin']);
    expect(languageName('en')).toBe('अंग्रेज़ी');
    expect(languageName('bn')).toBe('बंगाली');
  });

  it('shows an empty or unknown code as it is stored', () => {
    expect(languageName('')).toBe('');
    expect(languageName(undefined)).toBe('');
    expect(languageName('not a code')).toBe('not a code');
  });
});
