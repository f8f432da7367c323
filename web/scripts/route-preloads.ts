// Writes dist/route-preloads.json: for each path of the route table, the
// files its page needs beyond the app's entry (its chunk, the chunks that
// chunk imports, its CSS). The Go server adds them to index.html as
// <link rel="modulepreload"> / <link rel="preload" as="style">, so a
// visitor's browser fetches the page's code together with the app's
// instead of one round trip later — on a slow phone connection that is
// the difference the Largest Contentful Paint budget needs.
import type { Plugin } from 'vite';
import { notFoundModule, routeTable } from '../src/app/route-table';

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'spdc-route-preloads',
    apply: 'build',
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
      map['*'] = files(notFoundModule);
      // The home page's largest paint is the banner video's poster.
      map['/'].push('/media/banner-poster.webp');
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
