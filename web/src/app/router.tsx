// The router: every path of the site (case-sensitive: /Team and /team are
// both routes, /TEAM is the 404 page), each page its own chunk, inside the
// shared layout. It uses React Router's declarative routes rather than a
// data router, which keeps about 16 KB (gzip) of router code out of the
// first render, so pages paint sooner. A page that throws, or whose chunk cannot
// load, shows the error page inside the layout (see layout.tsx).
import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { RootLayout } from './layout';
import { page } from './lazy';
import { notFoundModule, routeTable } from './route-table';

type PageModule = { default: ComponentType };

// One chunk per page module; import.meta.glob keeps each import lazy.
const modules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

const pageCache = new Map<string, ReturnType<typeof page>>();
function pageOf(name: string) {
  let p = pageCache.get(name);
  if (!p) {
    const load = modules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`route module ${name} is missing`);
    p = page(load);
    pageCache.set(name, p);
  }
  return p;
}

const NotFound = pageOf(notFoundModule);

/** preloadRoute fetches the code of the page at pathname (the not-found
 * page for a path no route matches), so the first render shows the page
 * rather than an empty main while its chunk loads. */
export function preloadRoute(pathname: string): Promise<void> {
  const found = routeTable.find(([path]) => matchPath({ path, caseSensitive: true, end: true }, pathname));
  return pageOf(found ? found[1] : notFoundModule).preload();
}

/** AppRoutes renders the page of the current location in the layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {routeTable.map(([path, name]) => {
          const Page = pageOf(name);
          return path === '/' ? (
            <Route key={path} index element={<Page />} />
          ) : (
            <Route key={path} path={path} caseSensitive element={<Page />} />
          );
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
