import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { PageText } from '@/features/site/page-text';

export default function PrivacyPage() {
  usePageMeta(meta.privacy);
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <PageText slug="privacy" />
    </>
  );
}
