// One event (/eventdetails?id=…): when, where, its picture and text. Without
// an id it shows the first event the program has published.
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { SiteImage } from '@/components/site-image';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';
import { showDate } from '@/features/site/cards';
import { t } from '@/i18n';

export default function EventDetailsPage() {
  const data = useSite();
  const [params] = useSearchParams();
  const events = data?.collections.events ?? [];
  const id = params.get('id');
  const event = id ? events.find((e) => e._id === id) : events[0];
  usePageMeta(event ? { title: event.title, description: meta.eventDetails.description } : meta.eventDetails);
  return (
    <>
      <PageHeader title={event?.title ?? meta.eventDetails.title} />
      <div className="section">
        <article className="container narrow">
          {event ? (
            <>
              {(event.date || event.place) && (
                <ul className="event-facts">
                  {event.date && (
                    <li>
                      <Icon name="calendar" /> <time dateTime={event.date}>{showDate(event.date)}</time>
                    </li>
                  )}
                  {event.place && (
                    <li>
                      <Icon name="pin" /> <span>{event.place}</span>
                    </li>
                  )}
                </ul>
              )}
              {event.photo && <SiteImage className="wide-picture" media={event.photo} sizes="(max-width: 800px) 100vw, 800px" />}
              <Markdown text={event.body} />
            </>
          ) : (
            data && <p>{id ? t('pages.event.gone') : t('pages.event.none')}</p>
          )}
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.contact}>
              {t('pages.event.ask')}
            </Link>
            <Link className="btn btn-outline" to={paths.events}>
              {meta.events.title}
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
