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

/** page makes a lazily loaded page component from a dynamic import of a
 * module whose default export is the page. */
export function page(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load()));
}
