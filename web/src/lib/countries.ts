// The country list of the forms: every country and territory, computed at
// build time from ICU data (see scripts/countries.ts), not typed by hand.
// The value a form sends and the server stores stays the country's English
// name, as it always was; the list shows each country in the page's
// language, named by the browser's CLDR data (Intl.DisplayNames) from its
// region code, and sorted as that language sorts (Intl.Collator). The
// names in Hindi and Bengali are worked out once per language, when a
// form first needs them, so English pages pay nothing for them.
import countries from 'virtual:countries';
import { getLang, type Lang } from '@/i18n';

interface Localized {
  names: string[];
  labels: Map<string, string>;
}

const cache = new Map<Lang, Localized>();

function localized(lang: Lang): Localized {
  const hit = cache.get(lang);
  if (hit) return hit;
  const labels = new Map<string, string>();
  let names = countries.map(([, name]) => name);
  if (lang !== 'en') {
    // A browser without the language's region names keeps the English one.
    const dn = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const [code, name] of countries) labels.set(name, dn.of(code) ?? name);
    const collator = new Intl.Collator(lang);
    names = [...names].sort((a, b) => collator.compare(labels.get(a) ?? a, labels.get(b) ?? b));
  }
  const out = { names, labels };
  cache.set(lang, out);
  return out;
}

/** countryNames lists the English names of every country and territory
 * (the values the forms send), in the order of their names in lang. */
export function countryNames(lang: Lang = getLang()): string[] {
  return localized(lang).names;
}

/** countryLabel is a country, given by its English name, named in lang;
 * a name not in the list (typed before the list existed) as it is. */
export function countryLabel(name: string, lang: Lang = getLang()): string {
  return localized(lang).labels.get(name) ?? name;
}
