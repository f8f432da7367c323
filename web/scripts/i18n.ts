// The message catalogues at build time: each language's source
// (src/i18n/messages/<lang>.json, ICU MessageFormat) is compiled to the
// compact JSON the browser interprets and written to dist/i18n/<lang>.json.
// The Go server embeds the chosen language's file in index.html; the app
// fetches another one when the person switches. The dashboard's messages
// (keys starting "admin.") are written apart, to dist/i18n/admin-<lang>.json,
// and so are the care register's (keys starting "care.", care-<lang>.json):
// visitors never need them, so they stay out of every page, and the
// dashboard and the register's pages fetch their file when they open. The dev server serves the same
// files. None of it is JavaScript, so no language adds to the code a page
// needs before it can paint. A catalogue that does not compile, or a
// translation whose placeholders differ from the English, fails the build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { compileCatalogue, parseMessage } from '../src/i18n/compile';
import { LANGS } from '../src/i18n/langs';

const dir = new URL('../src/i18n/messages/', import.meta.url);

/** PARTS are the catalogues loaded apart from the site's, by the prefix
 * of their keys; a part's file is <part>-<lang>.json. */
export const PARTS = ['admin', 'care'] as const;

/** splitCatalogue puts each key of a catalogue in its part (by the key's
 * first segment) or, for every other key, in the site's ("" below). */
export function splitCatalogue(source: Record<string, string>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { '': {} };
  for (const part of PARTS) out[part] = {};
  for (const [key, message] of Object.entries(source)) {
    const part = key.slice(0, key.indexOf('.'));
    out[(PARTS as readonly string[]).includes(part) ? part : ''][key] = message;
  }
  return out;
}

/** placeholderProblems lists the keys of a translation whose placeholders
 * (and tags) are not the English message's, by name: a message that lost
 * one would drop the value it stands for. */
export function placeholderProblems(en: Record<string, string>, other: Record<string, string>): string[] {
  const names = (m: string) => [...new Set(parseMessage(m).args.map((a) => a.name))].sort().join(' ');
  return Object.keys(other).filter((k) => k in en && names(other[k]) !== names(en[k]));
}

/** compiledCatalogues reads and compiles every language's catalogue,
 * keyed by file name: "hi" for the site's, "admin-hi" for the dashboard's. */
export function compiledCatalogues(): Record<string, string> {
  const out: Record<string, string> = {};
  const read = (lang: string) => JSON.parse(readFileSync(new URL(`${lang}.json`, dir), 'utf8')) as Record<string, string>;
  const en = read('en');
  for (const lang of LANGS) {
    const source = read(lang);
    const wrong = placeholderProblems(en, source);
    if (wrong.length) throw new Error(`i18n: ${lang}: placeholders differ from English in ${wrong.join(', ')}`);
    for (const [part, messages] of Object.entries(splitCatalogue(source))) out[part ? `${part}-${lang}` : lang] = JSON.stringify(compileCatalogue(messages));
  }
  return out;
}

/** catalogueVersion is the stamp the app puts on a catalogue's address
 * (?v=), from the compiled files, so a release's new messages are never
 * answered by an old copy. */
function catalogueVersion(files: Record<string, string>): string {
  return createHash('sha256').update(Object.values(files).join('\n')).digest('hex').slice(0, 10);
}

/** I18nApi is what the messages' plugin tells the build's other plugins
 * (Vite's plugin api): the stamp of the catalogues it compiled. */
export interface I18nApi {
  version(): string;
}

export function i18nPlugin(): Plugin<I18nApi> {
  let files: Record<string, string> = compiledCatalogues();
  const version = () => catalogueVersion(files);
  return {
    name: 'spdc-i18n',
    api: { version },
    config() {
      return { define: { __I18N_VERSION__: JSON.stringify(version()) } };
    },
    configureServer(server) {
      server.watcher.add(dir.pathname);
      server.watcher.on('change', (f) => {
        if (f.startsWith(dir.pathname)) files = compiledCatalogues();
      });
      server.middlewares.use((req, res, next) => {
        const m = /^\/i18n\/([a-z-]+)\.json(?:\?.*)?$/.exec(req.url ?? '');
        if (!m || !Object.hasOwn(files, m[1])) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(files[m[1]]);
      });
    },
    generateBundle() {
      for (const [name, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `i18n/${name}.json`, source });
    },
  };
}
