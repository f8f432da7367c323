// The staff pages' cache (the dashboard and the care register's pages),
// read through TanStack Query. The library is part of the staff chunks
// only: each of those pages makes its own client, so the public pages
// never load it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** newQueryClient is a staff page's cache: a failed read is shown at once
 * rather than tried again, and nothing reloads on window focus, so a form
 * half filled never sees its page change beneath it. */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** OwnQueries gives what it wraps a cache of its own, made when it first
 * renders (a care register page; a test's render). */
export function OwnQueries({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
