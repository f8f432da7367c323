// The shared frame of every page: skip link, header, main landmark,
// footer, the toast area (loaded after the first render) and the
// confirmation of a sent form, until it is closed.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { LazyToaster } from '@/components/lazy-toaster';
import { LazyConfirmation } from '@/components/lazy-confirmation';
import { ScrollToTop } from './scroll-to-top';
import { RouteErrorBoundary } from './error-page';
import { useT } from '@/i18n';

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
        <LazyConfirmation />
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <LazyToaster />
    </>
  );
}
