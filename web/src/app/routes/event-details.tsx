import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { meta } from '@/content/meta';
import { eventDetails } from '@/content/pages';

export default function EventDetailsPage() {
  usePageMeta(meta.eventDetails);
  return (
    <>
      <PageHeader title={eventDetails.title} />
      <div className="section">
        <article className="container narrow">
          <ul className="event-facts">
            <li>
              <Icon name="calendar" /> <span>{eventDetails.when}</span>
            </li>
            <li>
              <Icon name="pin" /> <span>{eventDetails.where}</span>
            </li>
          </ul>
          <Picture className="wide-picture" name="gallery-5" alt="A golden evening over amber hills" width={480} height={320} eager />
          {eventDetails.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.contact}>
              Ask about the next gathering
            </Link>
            <Link className="btn btn-outline" to={paths.events}>
              Success Stories
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
