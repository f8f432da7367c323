// The error page: 'Unexpected Application Error!' with the
// message, or 'Loading chunk failed' with a reload button when a page's
// code could not be fetched. RouteErrorBoundary catches what a page throws
// (see layout.tsx) and shows this page
// until the visitor goes elsewhere.
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChunkLoadError } from './lazy';
import { t } from '@/i18n';

export function ErrorPage({ error }: { error: unknown }) {
  const chunk =
    error instanceof ChunkLoadError ||
    (error instanceof Error && /Loading chunk failed|dynamically imported module|Importing a module script failed/i.test(error.message));
  if (chunk) {
    return (
      <section className="page-section error-page" aria-labelledby="error-title">
        <h1 id="error-title">Loading chunk failed</h1>
        <p>{t('error.chunkText')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </section>
    );
  }
  let message: string;
  if (error instanceof Error) message = error.message;
  else message = String(error);
  return (
    <section className="page-section error-page" aria-labelledby="error-title">
      <h1 id="error-title">Unexpected Application Error!</h1>
      <p className="error-message">{message}</p>
      <p>
        <a href="/">{t('error.home')}</a>
      </p>
    </section>
  );
}

class Boundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  state = { error: undefined as unknown, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    // A new page clears the error of the last one.
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }
  componentDidCatch(error: unknown) {
    console.warn('page error:', error);
  }
  render() {
    return this.state.error !== undefined ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** RouteErrorBoundary shows the error page for a crashed page, and the
 * page again once the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
