import { describe, expect, it } from 'vitest';
import { countryLabel, countryNames } from './countries';

describe('the country list in the reader’s language', () => {
  const english = countryNames('en');

  it('keeps the English names as the values the forms send, in every language', () => {
    for (const lang of ['hi', 'bn'] as const) {
      const list = countryNames(lang);
      expect([...list].sort()).toEqual([...english].sort());
    }
    expect(countryLabel('India', 'en')).toBe('India');
  });

  it('names each country in Hindi from CLDR and sorts the list as Hindi sorts', () => {
    const list = countryNames('hi');
    const labels = list.map((n) => countryLabel(n, 'hi'));
    expect(countryLabel('India', 'hi')).toBe('भारत');
    expect(countryLabel('Germany', 'hi')).toBe('जर्मनी');
    // Nearly every name is in Devanagari (a few territories may have none in CLDR).
    expect(labels.filter((l) => /\p{Script=Devanagari}/u.test(l)).length).toBeGreaterThan(list.length * 0.95);
    const collator = new Intl.Collator('hi');
    for (let i = 1; i < labels.length; i++) expect(collator.compare(labels[i - 1], labels[i])).toBeLessThanOrEqual(0);
    // Hindi order, not the English one: India (भारत) comes after Germany (जर्मनी), as भ follows ज.
    expect(list.indexOf('India')).toBeGreaterThan(list.indexOf('Germany'));
    expect(list).not.toEqual(english);
  });

  it('names and sorts them in Bengali too', () => {
    const list = countryNames('bn');
    const labels = list.map((n) => countryLabel(n, 'bn'));
    expect(countryLabel('India', 'bn')).toBe('ভারত');
    expect(labels.filter((l) => /\p{Script=Bengali}/u.test(l)).length).toBeGreaterThan(list.length * 0.95);
    const collator = new Intl.Collator('bn');
    for (let i = 1; i < labels.length; i++) expect(collator.compare(labels[i - 1], labels[i])).toBeLessThanOrEqual(0);
  });

  it('shows a country typed before the list existed as it is', () => {
    expect(countryLabel('Vrindavan Republic', 'hi')).toBe('Vrindavan Republic');
  });
});
