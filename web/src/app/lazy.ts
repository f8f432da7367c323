// Route-level code splitting with a time limit: a chunk that has not
// loaded in 120 s, or fails (a new release replaced it, the
// connection dropped), raises ChunkLoadError, which the error boundary shows as
// 'Loading chunk failed' with a reload button.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export function withTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err));
      },
    );
  });
}

type PageModule<P> = { default: ComponentType<P> };

/** LazyPage is a lazily loaded page (or part of one) that can be fetched
 * ahead of its first render. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<void> };

/** page makes a lazily loaded page component from a dynamic import of a
 * module whose default export is the page. Once preload has fetched the
 * module, the page renders at once instead of suspending: the first
 * render of a server-painted page then replaces that paint with the
 * page itself, never with an empty main. */
export function page<P extends object = object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  const fetchModule = () =>
    (pending ??= withTimeout(load()).then((m) => {
      loaded = m;
      return m;
    }));
  // A thenable that calls back at once: React's lazy then reads the module
  // during the same render.
  const ready = (m: PageModule<P>) => ({ then: (resolve: (v: PageModule<P>) => void) => resolve(m) }) as unknown as Promise<PageModule<P>>;
  const component = lazy(() => (loaded ? ready(loaded) : fetchModule()));
  return Object.assign(component, {
    preload: () =>
      fetchModule().then(
        () => undefined,
        // The render that follows shows the error page for a chunk that
        // cannot load.
        () => undefined,
      ),
  });
}
