import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { testimonialsPage } from '@/content/pages';
import { testimonials } from '@/content/samples';
import { SampleNotice, TestimonialGrid } from '@/features/site/cards';

export default function TestimonialPage() {
  usePageMeta(meta.testimonial);
  return (
    <>
      <PageHeader title="Testimonials" lead={testimonialsPage.intro} />
      <section className="section" aria-label="Testimonials">
        <div className="container">
          <TestimonialGrid items={testimonials} />
          <SampleNotice />
        </div>
      </section>
    </>
  );
}
