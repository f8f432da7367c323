import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { testimonialsPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { TestimonialGrid } from '@/features/site/cards';

export default function TestimonialPage() {
  usePageMeta(meta.testimonial);
  const data = useSite();
  const items = data?.collections.testimonials ?? [];
  return (
    <>
      <PageHeader title="Testimonials" lead={testimonialsPage.intro} />
      <section className="section" aria-label="Testimonials">
        <div className="container">
          {items.length > 0 ? (
            <TestimonialGrid items={items} />
          ) : (
            data && (
              <p>
                No testimonial has been published yet. Would you like to tell us about your experience? <Link to={paths.contact}>Write to us</Link>.
              </p>
            )
          )}
        </div>
      </section>
    </>
  );
}
