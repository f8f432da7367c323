// Turns the message catalogues (ICU MessageFormat text, one file per
// language in ./messages) into the compact form the browser interprets
// (./format.ts). It runs at build time (scripts/i18n.ts) and in the tests,
// never in the browser, so no parser is shipped to visitors.
//
// The supported ICU subset:
//   {name}                          the value as text
//   {name, number}                  a number in the language's grouping (1,00,000)
//   {name, date}                    a date with its month's name
//   {name, plural, one {…} other {…}}   with # for the number, and =0 {…}
//   {name, select, a {…} other {…}}
//   <tag>…</tag>                    a part the page fills in (a link, bold text)
// An apostrophe quotes a following { } # < or another apostrophe ('' is
// one apostrophe); elsewhere it is an ordinary character, so "Prabhupada's"
// needs no escaping.
import type { Compiled, Part } from './format';

export class MessageError extends Error {}

/** Arg describes one placeholder: its name, kind and, for a plural or
 * select, the case names it offers. */
export interface Arg {
  name: string;
  kind: 'text' | 'number' | 'date' | 'plural' | 'select' | 'tag';
  cases?: string[];
}

class Parser {
  private i = 0;
  readonly args: Arg[] = [];
  constructor(private readonly src: string) {}

  atEnd(): boolean {
    return this.i >= this.src.length;
  }

  fail(msg: string): never {
    throw new MessageError(`${msg} at position ${this.i} in "${this.src}"`);
  }

  // message reads parts until the end, a closing } or a closing tag.
  message(pluralName: string | null, inTag: string | null): Part[] {
    const parts: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) parts.push(text);
      text = '';
    };
    const s = this.src;
    while (this.i < s.length) {
      const c = s[this.i];
      if (c === "'") {
        const next = s[this.i + 1];
        if (next === "'") {
          text += "'";
          this.i += 2;
        } else if (next !== undefined && '{}#<'.includes(next)) {
          const end = s.indexOf("'", this.i + 1);
          if (end < 0) this.fail('unclosed quote');
          text += s.slice(this.i + 1, end);
          this.i = end + 1;
        } else {
          text += c;
          this.i++;
        }
      } else if (c === '{') {
        flush();
        parts.push(this.argument());
      } else if (c === '}') {
        if (inTag) this.fail(`<${inTag}> is not closed`);
        break;
      } else if (c === '#' && pluralName !== null) {
        flush();
        parts.push([pluralName, 'n']);
        this.i++;
      } else if (c === '<' && /^<\/?[a-z][a-z0-9]*>/i.test(s.slice(this.i))) {
        const m = /^<(\/?)([a-z][a-z0-9]*)>/i.exec(s.slice(this.i))!;
        if (m[1]) {
          if (m[2] !== inTag) this.fail(`unexpected </${m[2]}>`);
          flush();
          this.i += m[0].length;
          return parts;
        }
        flush();
        this.i += m[0].length;
        this.record({ name: m[2], kind: 'tag' });
        parts.push([m[2], 't', this.message(pluralName, m[2])]);
      } else {
        text += c;
        this.i++;
      }
    }
    if (inTag) this.fail(`<${inTag}> is not closed`);
    flush();
    return parts;
  }

  private record(a: Arg) {
    const seen = this.args.find((x) => x.name === a.name);
    if (!seen) this.args.push(a);
    else if (seen.kind !== a.kind && !(seen.kind === 'text' || a.kind === 'text')) this.fail(`{${a.name}} is used as ${seen.kind} and ${a.kind}`);
    else if (seen.kind === 'text') Object.assign(seen, a);
  }

  private space() {
    while (/\s/.test(this.src[this.i] ?? '')) this.i++;
  }

  private word(): string {
    this.space();
    const m = /^[=a-zA-Z0-9_]+/.exec(this.src.slice(this.i));
    if (!m) this.fail('expected a name');
    this.i += m[0].length;
    this.space();
    return m[0];
  }

  private expect(c: string) {
    this.space();
    if (this.src[this.i] !== c) this.fail(`expected "${c}"`);
    this.i++;
  }

  private argument(): Part {
    this.expect('{');
    const name = this.word();
    if (this.src[this.i] === '}') {
      this.i++;
      this.record({ name, kind: 'text' });
      return [name];
    }
    this.expect(',');
    const type = this.word();
    if (type === 'number' || type === 'date') {
      this.expect('}');
      this.record({ name, kind: type });
      return [name, type === 'number' ? 'n' : 'd'];
    }
    if (type !== 'plural' && type !== 'select') this.fail(`unknown type "${type}"`);
    this.expect(',');
    const cases: Record<string, Part[]> = {};
    for (;;) {
      this.space();
      if (this.src[this.i] === '}') break;
      const key = this.word();
      if (key in cases) this.fail(`case "${key}" twice`);
      this.expect('{');
      cases[key] = this.message(type === 'plural' ? name : null, null);
      this.expect('}');
    }
    this.i++;
    if (!('other' in cases)) this.fail(`{${name}, ${type}} needs an "other" case`);
    this.record({ name, kind: type, cases: Object.keys(cases).sort() });
    const out: Record<string, Compiled> = {};
    for (const [k, v] of Object.entries(cases)) out[k] = simplify(v);
    return [name, type === 'plural' ? 'p' : 's', out];
  }
}

// A message without placeholders is kept as a plain string.
function simplify(parts: Part[]): Compiled {
  if (parts.length === 0) return '';
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  return parts;
}

/** parseMessage compiles one ICU message and lists its placeholders. */
export function parseMessage(src: string): { compiled: Compiled; args: Arg[] } {
  const p = new Parser(src);
  const parts = p.message(null, null);
  if (!p.atEnd()) p.fail('unexpected "}"');
  return { compiled: simplify(parts), args: p.args };
}

/** compileCatalogue compiles every message of one language. */
export function compileCatalogue(source: Record<string, string>): Record<string, Compiled> {
  const out: Record<string, Compiled> = {};
  for (const key of Object.keys(source).sort()) {
    if (typeof source[key] !== 'string') throw new MessageError(`${key}: a message must be a string`);
    try {
      out[key] = parseMessage(source[key]).compiled;
    } catch (err) {
      throw new MessageError(`${key}: ${(err as Error).message}`);
    }
  }
  return out;
}
