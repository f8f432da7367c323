import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { storiesIntro } from '@/content/home';
import { stories } from '@/content/stories';
import { StoryList } from '@/features/site/cards';

export default function EventsPage() {
  usePageMeta(meta.events);
  return (
    <>
      <PageHeader title="Success Stories" lead={storiesIntro} />
      <section className="section" aria-labelledby="stories-title">
        <div className="container narrow">
          <h2 id="stories-title" className="visually-hidden">
            Five stories
          </h2>
          <StoryList items={stories} full />
          <p className="section-more">
            <Link to={paths.eventDetails}>Today’s gatherings: the Kartika gathering for elders</Link>
          </p>
        </div>
      </section>
    </>
  );
}
