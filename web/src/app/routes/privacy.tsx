import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { legalUpdated, privacy } from '@/content/legal';
import { LegalText } from '@/features/site/legal-text';

export default function PrivacyPage() {
  usePageMeta(meta.privacy);
  return (
    <>
      <PageHeader title="Privacy Policy" lead={legalUpdated} />
      <LegalText intro={privacy.intro} sections={privacy.sections} />
    </>
  );
}
