// The catalogues are complete: every key in every language, the same
// placeholders (names and kinds) and tags in each, every plural form the
// language's rules need, every key the code names, and nothing left in
// English in Hindi or Bengali. The checks cover the dashboard's messages
// too: the build only splits them into their own file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage, type Arg } from './compile';
import { LANGS } from './langs';
import { placeholderProblems, splitCatalogue } from '../../scripts/i18n';

const dir = resolve(__dirname, 'messages');
const source = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Record<string, string>]));
const en = source.en;

const signature = (args: Arg[]) =>
  args
    .map((a) => `${a.name}:${a.kind === 'plural' ? 'plural' : a.kind}${a.kind === 'select' ? `[${a.cases!.join(',')}]` : ''}`)
    .sort()
    .join(' ');

describe('message catalogues', () => {
  it('has the same keys in every language', () => {
    for (const l of LANGS) {
      expect(Object.keys(source[l]).filter((k) => !(k in en)), `${l}: keys English does not have`).toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in source[l])), `${l}: missing keys`).toEqual([]);
    }
  });

  it('has the same placeholders, tags and every plural form in every language', () => {
    const problems: string[] = [];
    for (const key of Object.keys(en)) {
      const want = signature(parseMessage(en[key]).args);
      for (const l of LANGS) {
        if (!(key in source[l])) continue;
        let args: Arg[];
        try {
          args = parseMessage(source[l][key]).args;
        } catch (err) {
          problems.push(`${l} ${key}: ${(err as Error).message}`);
          continue;
        }
        if (signature(args) !== want) problems.push(`${l} ${key}: placeholders "${signature(args)}", English has "${want}"`);
        const needed = new Intl.PluralRules(l).resolvedOptions().pluralCategories;
        for (const a of args.filter((x) => x.kind === 'plural')) {
          const missing = needed.filter((c) => !a.cases!.includes(c));
          if (missing.length) problems.push(`${l} ${key}: {${a.name}, plural} lacks ${missing.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses at build a translation that lacks a placeholder or names another', () => {
    const english = { greet: 'Hello {name}', count: '{n, plural, one {# gift} other {# gifts}}', plain: 'Thank you' };
    expect(placeholderProblems(english, { greet: 'नमस्ते', count: '{n, plural, one {# दान} other {# दान}}', plain: 'धन्यवाद' })).toEqual(['greet']);
    expect(placeholderProblems(english, { greet: 'নমস্কার {naam}', count: '{n, plural, one {#টি দান} other {#টি দান}}', plain: 'ধন্যবাদ' })).toEqual(['greet']);
    for (const l of LANGS) expect(placeholderProblems(en, source[l]), l).toEqual([]);
  });

  it('has a message for every key the code names', () => {
    const root = resolve(__dirname, '..') + '/';
    const missing: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(p, 'utf8');
          for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) if (!(m[1] in en)) missing.push(`${p.slice(root.length)}: ${m[1]}`);
        }
      }
    };
    walk(root);
    expect(missing).toEqual([]);
  });

  it('leaves nothing in English in Hindi and Bengali', () => {
    // Two English words or more, unchanged from English, is an untranslated message.
    const untranslated = (l: string) =>
      Object.keys(en).filter((k) => source[l][k] === en[k] && (en[k].match(/\b[A-Za-z]{2,}\b/g) ?? []).filter((w) => !/^(SPDC|UPI|PAN|OTP|URL|ID|PDF|CSV)$/.test(w)).length >= 2);
    expect(untranslated('hi')).toEqual([]);
    expect(untranslated('bn')).toEqual([]);
  });

  it("calls a coordinator by the glossary's one word in Hindi and Bengali", () => {
    // समन्वयक and সমন্বয়কারী; संयोजक (a synonym) and the bare সমন্বয়ক crept in once.
    const other: Record<string, RegExp> = { hi: /संयोजक/u, bn: /সমন্বয়ক(?!ারী)/u };
    for (const l of ['hi', 'bn'] as const) expect(Object.keys(source[l]).filter((k) => other[l].test(source[l][k])), l).toEqual([]);
  });

  it("keeps the dashboard's and the care register's messages in their own files, and out of the site's", () => {
    for (const l of LANGS) {
      const parts = splitCatalogue(source[l]);
      expect(Object.keys(parts).sort()).toEqual(['', 'admin', 'care']);
      for (const part of ['admin', 'care']) {
        expect(Object.keys(parts[''] ?? {}).filter((k) => k.startsWith(`${part}.`))).toEqual([]);
        expect(Object.keys(parts[part] ?? {}).every((k) => k.startsWith(`${part}.`))).toBe(true);
      }
      expect(Object.keys(parts[''] ?? {}).length + Object.keys(parts.admin ?? {}).length + Object.keys(parts.care ?? {}).length).toBe(Object.keys(source[l]).length);
    }
  });

  // Elsewhere a part's messages are not there: the site's pages carry the
  // site's catalogue only, and each part is loaded by the screens of its feature.
  const onlyIn = (prefix: string, home: string) => {
    const root = resolve(__dirname, '..') + '/';
    const outside: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) {
          if (p !== join(root, home)) walk(p);
        } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          for (const m of readFileSync(p, 'utf8').matchAll(new RegExp(`\\bt\\(\\s*'(${prefix}\\.[a-zA-Z0-9_.]+)'`, 'g'))) outside.push(`${p.slice(root.length)}: ${m[1]}`);
        }
      }
    };
    walk(root);
    return outside;
  };

  it("names the dashboard's messages only in the dashboard, which loads them", () => {
    expect(onlyIn('admin', 'features/admin')).toEqual([]);
  });

  it("names the care register's messages only in its feature, which loads them", () => {
    expect(onlyIn('care', 'features/care')).toEqual([]);
  });
});
