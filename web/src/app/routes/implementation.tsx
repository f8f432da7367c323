import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { implementationIntro, steps } from '@/content/implementation';
import { StepList } from '@/features/site/cards';

export default function ImplementationPage() {
  usePageMeta(meta.implementation);
  return (
    <>
      <PageHeader title="Implementation Process" lead={implementationIntro} />
      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title" className="visually-hidden">
            The six steps
          </h2>
          <StepList items={steps} />
        </div>
      </section>
    </>
  );
}
