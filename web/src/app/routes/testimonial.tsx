import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { testimonialsPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { TestimonialGrid } from '@/features/site/cards';
import { tn } from '@/i18n';

export default function TestimonialPage() {
  usePageMeta(meta.testimonial);
  const data = useSite();
  const items = data?.collections.testimonials ?? [];
  return (
    <>
      <PageHeader title={meta.testimonial.title} lead={testimonialsPage.intro} />
      <section className="section" aria-label={meta.testimonial.title}>
        <div className="container">
          {items.length > 0 ? (
            <TestimonialGrid items={items} />
          ) : (
            data && (
              <p>
                {tn('pages.testimonials.none', {}, { link: (c) => <Link to={paths.contact}>{c}</Link> })}
              </p>
            )
          )}
        </div>
      </section>
    </>
  );
}
