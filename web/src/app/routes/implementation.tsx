import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { t } from '@/i18n';
import { useSite } from '@/lib/site-data';
import { StepList } from '@/features/site/cards';

const details = (md: string) => <Markdown text={md} />;

export default function ImplementationPage() {
  usePageMeta(meta.implementation);
  const steps = useSite()?.collections.steps ?? [];
  return (
    <>
      <PageHeader title={meta.implementation.title} lead={t('home.processIntro')} />
      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="visually-hidden">
            {t('pages.implementation.steps')}
          </h2>
          {steps.length > 0 && <StepList items={steps} details={details} />}
        </div>
      </section>
    </>
  );
}
