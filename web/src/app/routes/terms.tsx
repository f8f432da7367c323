import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { legalUpdated, terms } from '@/content/legal';
import { LegalText } from '@/features/site/legal-text';

export default function TermsPage() {
  usePageMeta(meta.terms);
  return (
    <>
      <PageHeader title="Terms & Conditions" lead={legalUpdated} />
      <LegalText intro={terms.intro} sections={terms.sections} />
    </>
  );
}
