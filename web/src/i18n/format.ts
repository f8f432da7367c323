// The small interpreter of compiled messages (see compile.ts for the
// format): placeholders, plurals by Intl.PluralRules, numbers in Indian
// grouping and dates with the month's name, by Intl in the language's own
// conventions. It is all the formatting code the browser receives.

/** Part is a piece of a compiled message: text or a placeholder. */
export type Part =
  | string
  | [name: string]
  | [name: string, kind: 'n' | 'd']
  | [name: string, kind: 'p' | 's', cases: Record<string, Compiled>]
  | [name: string, kind: 't', children: Part[]];

/** Compiled is one message: plain text, or parts. */
export type Compiled = string | Part[];

export type Value = string | number | Date | null | undefined;
export type Values = Record<string, Value>;

/** Locales are the Intl locales of one language: numbers and plurals, dates. */
export interface Locales {
  number: string;
  date: string;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** numberFormat formats whole numbers (and up to two decimals) in the language. */
export const numberFormat = (locale: string) => cached('n' + locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));

/** dateFormat shows a day with its month's name ("Nov 22, 2026", "22 नव॰ 2026"). */
export const dateFormat = (locale: string, utc = false) =>
  cached(`d${utc}${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: utc ? 'UTC' : undefined }));

const pluralRules = (locale: string) => cached('p' + locale, () => new Intl.PluralRules(locale));

function asDate(v: Value): Date | null {
  if (v instanceof Date) return v;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(v + 'T00:00:00Z');
  if (v === null || v === undefined || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** render interprets a message; tags turn a <tag> part into a node (a
 * link, bold text); without one its text is kept. */
export function render<N>(msg: Compiled, values: Values, loc: Locales, tags?: Record<string, (children: (string | N)[]) => N>): (string | N)[] {
  if (typeof msg === 'string') return [msg];
  const out: (string | N)[] = [];
  const push = (x: string | N) => {
    if (typeof x === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += x;
    else out.push(x);
  };
  for (const part of msg) {
    if (typeof part === 'string') {
      push(part);
      continue;
    }
    const [name, kind, arg] = part as [string, string?, unknown?];
    const v = values[name];
    switch (kind) {
      case undefined:
        push(v === null || v === undefined ? '' : v instanceof Date ? dateFormat(loc.date).format(v) : String(v));
        break;
      case 'n':
        push(typeof v === 'number' ? numberFormat(loc.number).format(v) : String(v ?? ''));
        break;
      case 'd': {
        const d = asDate(v);
        push(d ? dateFormat(loc.date, typeof v === 'string' && v.length === 10).format(d) : String(v ?? ''));
        break;
      }
      case 'p': {
        const n = Number(v);
        const c = arg as Record<string, Compiled>;
        render(c['=' + n] ?? c[pluralRules(loc.number).select(n)] ?? c.other, values, loc, tags).forEach(push);
        break;
      }
      case 's': {
        const c = arg as Record<string, Compiled>;
        render(c[String(v)] ?? c.other, values, loc, tags).forEach(push);
        break;
      }
      case 't': {
        const children = render(arg as Part[], values, loc, tags);
        const tag = tags?.[name];
        if (tag) push(tag(children));
        else children.forEach(push);
        break;
      }
    }
  }
  return out;
}
