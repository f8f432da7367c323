// Writes dist/route-preloads.json: for each path of the route table, the
// files its page needs beyond the app's entry (its chunk, the chunks that
// chunk imports, its CSS). The Go server adds them to index.html as
// <link rel="modulepreload"> / <link rel="preload" as="style">, so a
// visitor's browser fetches the page's code together with the app's
// instead of one round trip later — on a slow phone connection that is
// the difference the Largest Contentful Paint budget needs.
//
// It also adds to index.html the hints for the start-up chunks the entry
// loads with import(), and marks those start-up files with V8's compile
// hint.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { notFoundModule, partPaths, routeTable } from '../src/app/route-table';
import type { I18nApi } from './i18n';

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/** COMPILE_HINT asks V8 to compile every function of a file as soon as
 * the file is loaded (an explicit compile hint). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** chunksByFile maps each chunk of the bundle by its file name. */
function chunksByFile(bundle: Record<string, { type: string }>): Map<string, ChunkInfo> {
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as ChunkInfo[];
  return new Map(chunks.map((c) => [c.fileName, c]));
}

/** addStatic adds file and every chunk it imports statically to into. */
function addStatic(byFile: Map<string, ChunkInfo>, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  for (const dep of byFile.get(file)?.imports ?? []) addStatic(byFile, dep, into);
}

/** startupFiles are the chunks the entry runs before the first page: its
 * own static imports, and every chunk it loads with import() (the entry,
 * main.tsx, loads React DOM and the app that way, each in a task of its
 * own), with theirs. Route pages are loaded by the app, never by the
 * entry itself. */
export function startupFiles(byFile: Map<string, ChunkInfo>, entry: ChunkInfo): Set<string> {
  const out = new Set<string>();
  addStatic(byFile, entry.fileName, out);
  for (const d of entry.dynamicImports) {
    if (byFile.get(d)?.facadeModuleId?.includes('/src/app/routes/')) throw new Error(`route-preloads: the entry loads the route chunk ${d} itself`);
    addStatic(byFile, d, out);
  }
  return out;
}

/** startupHints are the tags index.html needs beyond Vite's own for the
 * start-up chunks the entry loads with import(): a module hint for each
 * and its stylesheets, so they come in the entry's round trip and the
 * page the server paints is already styled as the app draws it. */
export function startupHints(bundle: Record<string, { type: string }>, entry: ChunkInfo): HtmlTagDescriptor[] {
  const byFile = chunksByFile(bundle);
  const own = new Set<string>();
  addStatic(byFile, entry.fileName, own);
  const tags: HtmlTagDescriptor[] = [];
  for (const f of startupFiles(byFile, entry)) {
    if (own.has(f)) continue;
    tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/' + f }, injectTo: 'head' });
    for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: '/' + css }, injectTo: 'head' });
  }
  return tags;
}

/** startupPreloads keeps the start-up chunks out of the lists of files
 * Vite writes beside each import() of the app, to be fetched with the
 * imported chunk. By the time the app loads anything with import(), the
 * entry has loaded and run every start-up chunk (index.html names them),
 * so the names would only cost bytes in every chunk that loads another:
 * about 0.2 KB gzip on a form's page. The plugin keeps the bundle, which
 * Vite's resolveDependencies is not given, for resolveDependencies to read. */
export function startupPreloads(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[]) => string[] } {
  let startup = new Set<string>();
  return {
    plugin: {
      name: 'spdc-startup-preloads',
      apply: 'build',
      // Before Vite's own generateBundle, which calls resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const byFile = chunksByFile(bundle);
          startup = new Set();
          for (const c of byFile.values()) if (c.isEntry) for (const f of startupFiles(byFile, c)) startup.add(f);
        },
      },
    },
    resolveDependencies: (_file, deps) => deps.filter((d) => !startup.has(d)),
  };
}

export function routePreloadsPlugin(): Plugin {
  // The catalogues' stamp, from the messages' plugin, which compiled them.
  let stamp = '';
  // The start-up chunks of the last build, for writeBundle.
  let hinted: string[] = [];
  return {
    name: 'spdc-route-preloads',
    apply: 'build',
    configResolved(config) {
      const i18n = config.plugins.find((p) => p.name === 'spdc-i18n')?.api as I18nApi | undefined;
      if (!i18n) throw new Error('route-preloads: the messages plugin (spdc-i18n) is missing');
      stamp = i18n.version();
    },
    // After Vite's own plugins: its CSS plugin drops the chunks that only
    // carried CSS (a page's stylesheet import makes one) and takes them out
    // of the other chunks' imports; read before that, the list would name
    // a file the build never writes.
    enforce: 'post',
    // Nearly every function of the start-up code (React DOM, the router,
    // the layout) runs while the first page renders. Marked so, Chrome
    // compiles the whole file on a background thread as it arrives,
    // instead of function by function on the main thread during that
    // render, where a slow phone would feel it. The pages' own chunks are
    // small and left unmarked: the mark costs bytes in each file. The mark
    // must open the file, so it is written last, once Vite's own plugins
    // have put their code in front.
    writeBundle(options) {
      for (const f of hinted) {
        const file = join(options.dir ?? 'dist', f);
        writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, 'utf8')}`);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return [];
        return startupHints(ctx.bundle, ctx.chunk as unknown as ChunkInfo);
      },
    },
    generateBundle(_options, bundle) {
      const byFile = chunksByFile(bundle);
      const chunks = [...byFile.values()];
      // What the entry loads anyway, start-up included, needs no hint.
      const loaded = new Set<string>();
      for (const c of chunks) if (c.isEntry) for (const f of startupFiles(byFile, c)) loaded.add(f);

      const files = (module: string): string[] => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/app/routes/${module}.tsx`));
        if (!chunk) throw new Error(`route-preloads: no chunk for route module ${module}`);
        const deps = new Set<string>();
        addStatic(byFile, chunk.fileName, deps);
        // A page that shows long text starts loading the Markdown renderer
        // with its own code: it comes in the same round trip.
        for (const f of [...deps]) {
          for (const d of byFile.get(f)?.dynamicImports ?? []) {
            if (byFile.get(d)?.facadeModuleId?.endsWith('/src/components/markdown/markdown.tsx')) addStatic(byFile, d, deps);
          }
        }
        const out: string[] = [];
        for (const f of deps) {
          if (loaded.has(f)) continue;
          out.push('/' + f);
          for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) out.push('/' + css);
        }
        return out;
      };
      const map: Record<string, string[]> = {};
      for (const [path, module] of routeTable) map[path] = files(module);
      // A staff page's messages, in the page's language ("{lang}", which
      // the server fills in), at the address the app asks for them.
      for (const [path, part] of Object.entries(partPaths)) map[path].push(`/i18n/${part}-{lang}.json?v=${stamp}`);
      map['*'] = files(notFoundModule);
      // The home page's largest paint is the banner video's poster.
      map['/'].push('/media/banner-poster.webp');
      // Every file named must be one this build writes (the poster is
      // copied from public/, so it is not in the bundle; the catalogues
      // are written by the messages' own plugin).
      for (const [path, list] of Object.entries(map)) {
        for (const f of list) {
          if (!f.startsWith('/media/') && !f.startsWith('/i18n/') && !(f.slice(1) in bundle)) throw new Error(`route-preloads: ${path} names ${f}, which the build does not write`);
        }
      }
      hinted = [...loaded];
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
