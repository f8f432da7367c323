// The shared frame of every page: skip link, header, main landmark,
// footer, the toast area and the confirmation of a sent form, until it is
// closed. The footer, the toast area and the confirmation's check are
// loaded after the first render: none is on a page's first screen (a
// waiting confirmation's panel was always loaded after it).
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { LazyToaster } from '@/components/lazy-toaster';
import { ScrollToTop } from './scroll-to-top';
import { RouteErrorBoundary } from './error-page';
import { page } from './lazy';
import { useT } from '@/i18n';

const SiteFooter = page(() => import('@/components/layout/site-footer'));
const LazyConfirmation = page(() => import('@/components/lazy-confirmation').then((m) => ({ default: m.LazyConfirmation })));

export function RootLayout() {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <LazyConfirmation />
        </Suspense>
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <LazyToaster />
    </>
  );
}
