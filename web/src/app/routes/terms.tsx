import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { PageText } from '@/features/site/page-text';

export default function TermsPage() {
  usePageMeta(meta.terms);
  return (
    <>
      <PageHeader title={meta.terms.title} />
      <PageText slug="terms" />
    </>
  );
}
