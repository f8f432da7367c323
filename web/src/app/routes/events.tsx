// Success Stories (/events): the program's stories and its events, each
// with its full text.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { t } from '@/i18n';
import { useSite } from '@/lib/site-data';
import { StoryList } from '@/features/site/cards';

const body = (md: string) => <Markdown text={md} />;

export default function EventsPage() {
  usePageMeta(meta.events);
  const data = useSite();
  const stories = data?.collections.stories ?? [];
  const events = data?.collections.events ?? [];
  return (
    <>
      <PageHeader title={meta.events.title} lead={t('home.storiesIntro')} />
      {stories.length > 0 && (
        <section className="section" aria-labelledby="stories-title">
          <div className="container narrow">
            <h2 id="stories-title" className="visually-hidden">
              {t('pages.events.stories')}
            </h2>
            <StoryList items={stories} body={body} full />
          </div>
        </section>
      )}
      {events.length > 0 && (
        <section className="section section-tint" aria-labelledby="events-title">
          <div className="container narrow">
            <h2 id="events-title">{t('pages.events.events')}</h2>
            <ul className="plain-list">
              {events.map((e) => (
                <li key={e._id}>
                  <Link to={`${paths.eventDetails}?id=${encodeURIComponent(e._id)}`}>{e.title}</Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {data && stories.length === 0 && events.length === 0 && (
        <div className="section">
          <p className="container narrow">{t('pages.events.none')}</p>
        </div>
      )}
    </>
  );
}
