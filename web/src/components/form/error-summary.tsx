// The error summary at the top of a form: after a submit with problems it
// lists each one as a link that takes the person to its field, takes the
// focus so a screen reader reads it at once, and puts "Error: " before
// the page title while problems remain. A problem that is not about a
// field (the connection dropped) is shown in it too, without a link.
// The summary's own code (error-summary-view.tsx) is not part of the
// form's first render: a form fetches it a moment after the page has
// loaded (preloadErrorSummary), so that it is there when a send fails,
// even once the connection has dropped.
import { Suspense } from 'react';
import { page } from '@/app/lazy';
import type { FieldErrors } from './form-kit';

export { fieldElement, goToField } from './go-to-field';

export interface ErrorSummaryProps {
  prefix: string;
  order: readonly string[];
  errors: FieldErrors;
  /** notice is a problem about the whole form (no connection). */
  notice?: string;
  /** attempt counts the submits: the summary takes the focus after each. */
  attempt: number;
}

const View = page<ErrorSummaryProps>(() => import('./error-summary-view'));

/** preloadErrorSummary fetches the summary's code ahead of its first use. */
export const preloadErrorSummary = View.preload;

/** ErrorSummary is the list of a form's problems, each a link to its
 * field; nothing while there is none. */
export function ErrorSummary(props: ErrorSummaryProps) {
  if (!props.notice && !Object.values(props.errors).some(Boolean)) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
