// The country list of the forms: every country and territory by its
// English name, sorted — computed at build time from ICU data (see
// scripts/countries.ts), not typed by hand.
import names from 'virtual:countries';

/** countryNames lists the English names of every country and territory, sorted. */
export function countryNames(): string[] {
  return names;
}
