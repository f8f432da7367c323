import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { lazy, Suspense } from 'react';
import { PageText } from '@/features/site/page-text';

// The grievance officer and form load as their own chunk, after the text.
const GrievanceSection = lazy(() => import('@/features/privacy/components/grievance-form'));

export default function PrivacyPage() {
  usePageMeta(meta.privacy);
  return (
    <>
      <PageHeader title={meta.privacy.title} />
      <PageText slug="privacy" />
      <Suspense fallback={null}>
        <GrievanceSection />
      </Suspense>
    </>
  );
}
