// The country list of the forms, computed at build time from Node's ICU
// data (Intl.DisplayNames over every two-letter region code) rather than
// typed by hand. Doing it here instead of in the browser saves each visitor
// the ~100 ms it takes to load the region names (more on a slow phone),
// and gives every browser the same list.
import type { Plugin } from 'vite';

// Codes that name groupings or reserved areas rather than countries and
// territories.
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'FX', 'IC', 'SU', 'TA', 'UK', 'UN', 'ZZ']);

function isRegionCode(code: string): boolean {
  if (NOT_COUNTRIES.has(code)) return false;
  // QM–QZ and XA–XZ are for private use; XK (Kosovo) is the one in common use.
  if ((code[0] === 'Q' && code[1] >= 'M') || (code[0] === 'X' && code !== 'XK')) return false;
  return true;
}

/** countryNames lists the English names of every country and territory, sorted. */
export function countryNames(): string[] {
  const dn = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const names = new Set<string>();
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      if (!isRegionCode(code)) continue;
      const name = dn.of(code);
      if (name && name !== code) names.add(name);
    }
  }
  return [...names].sort(new Intl.Collator('en').compare);
}

const id = 'virtual:countries';

/** countriesPlugin serves `virtual:countries`: the list as a default export. */
export function countriesPlugin(): Plugin {
  return {
    name: 'spdc-countries',
    resolveId(source) {
      return source === id ? '\0' + id : null;
    },
    load(source) {
      if (source !== '\0' + id) return null;
      return `export default ${JSON.stringify(countryNames())};`;
    },
  };
}
