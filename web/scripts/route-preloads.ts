// Writes dist/route-preloads.json: for each path of the route table, the
// files its page needs beyond the app's entry (its chunk, the chunks that
// chunk imports, its CSS). The Go server adds them to index.html as
// <link rel="modulepreload"> / <link rel="preload" as="style">, so a
// visitor's browser fetches the page's code together with the app's
// instead of one round trip later — on a slow phone connection that is
// the difference the Largest Contentful Paint budget needs.
import type { Plugin } from 'vite';
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

export function routePreloadsPlugin(): Plugin {
  // The catalogues' stamp, from the messages' plugin, which compiled them.
  let stamp = '';
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
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & ChunkInfo => o.type === 'chunk') as unknown as ChunkInfo[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the entry loads anyway needs no hint.
      const loaded = new Set<string>();
      const addDeps = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) addDeps(dep, into);
      };
      for (const c of chunks) if (c.isEntry) addDeps(c.fileName, loaded);

      const files = (module: string): string[] => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/app/routes/${module}.tsx`));
        if (!chunk) throw new Error(`route-preloads: no chunk for route module ${module}`);
        const deps = new Set<string>();
        addDeps(chunk.fileName, deps);
        // A page that shows long text starts loading the Markdown renderer
        // with its own code: it comes in the same round trip.
        for (const f of [...deps]) {
          for (const d of byFile.get(f)?.dynamicImports ?? []) {
            if (byFile.get(d)?.facadeModuleId?.endsWith('/src/components/markdown/markdown.tsx')) addDeps(d, deps);
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
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
