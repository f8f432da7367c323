// Route-level code splitting with a time limit: a chunk that has not
// loaded in 120 s, or fails (a new release replaced it, the
// connection dropped), raises ChunkLoadError, which the error boundary shows as
// 'Loading chunk failed' with a reload button.
import { createElement, lazy, useState, type ComponentType } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

/** How long the first render waits for the opened page's code before it
 * shows the header and footer alone. */
export const PRELOAD_WAIT_MS = 4_000;

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

/** A lazily loaded page: a component, and preload, which fetches its
 * module ahead of rendering. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/** page makes a lazily loaded page component from a dynamic import of a
 * module whose default export is the page. Once its module has loaded
 * (preload, or an earlier visit) the page renders at once, in the same
 * commit as the layout around it, instead of suspending for one more turn:
 * the page the visitor opened paints together with the header. */
export function page(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  const take = (m: { default: ComponentType }) => {
    loaded = m.default;
    return m;
  };
  const Lazy = lazy(() => withTimeout(load()).then(take));
  // Chosen once per mount: switching from Lazy to the loaded component
  // later would remount the page and lose what is typed in its forms.
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  // A failed or slow preload is not an error yet: after PRELOAD_WAIT_MS
  // the layout renders without waiting longer, and React.lazy takes over
  // (its failure is what the error boundary shows).
  const preload = () =>
    withTimeout(load(), PRELOAD_WAIT_MS).then(
      (m) => void take(m),
      () => undefined,
    );
  return Object.assign(Page, { preload });
}
