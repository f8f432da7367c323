// The country list of the forms, computed at build time from Node's ICU
// data (Intl.DisplayNames over every two-letter region code) rather than
// typed by hand: each country's code and English name. Doing it here instead of in the browser saves each visitor
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

/** countries lists every country and territory as its region code and
 * English name (the value the forms store), sorted by the English name.
 * The browser names them in the other languages from the code. */
export function countries(): [code: string, name: string][] {
  const dn = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const byName = new Map<string, string>();
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      if (!isRegionCode(code)) continue;
      const name = dn.of(code);
      if (name && name !== code && !byName.has(name)) byName.set(name, code);
    }
  }
  const collator = new Intl.Collator('en');
  return [...byName].map(([name, code]): [string, string] => [code, name]).sort((a, b) => collator.compare(a[1], b[1]));
}

const id = 'virtual:countries';

/** countriesPlugin serves `virtual:countries`: the list as a default export
 * ([code, English name] pairs). */
export function countriesPlugin(): Plugin {
  return {
    name: 'spdc-countries',
    resolveId(source) {
      return source === id ? '\0' + id : null;
    },
    load(source) {
      if (source !== '\0' + id) return null;
      // One string, split in the browser: the list as an array of pairs
      // would spend a third of its bytes on quotes and brackets.
      const packed = countries().map(([code, name]) => code + name).join('|');
      return `export default ${JSON.stringify(packed)}.split('|').map((s) => [s.slice(0, 2), s.slice(2)]);`;
    },
  };
}
