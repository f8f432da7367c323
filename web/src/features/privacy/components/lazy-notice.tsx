// The forms load their privacy notice as its own small chunk, so it adds
// nothing to the pages' first load.
import { lazy, Suspense } from 'react';

const PrivacyNotice = lazy(() => import('./privacy-notice'));

export function LazyPrivacyNotice({ form }: { form: string }) {
  return (
    <Suspense fallback={null}>
      <PrivacyNotice form={form} />
    </Suspense>
  );
}
