import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { volunteerPage } from '@/content/pages';
import { volunteers } from '@/content/samples';
import { PeopleGrid, SampleNotice } from '@/features/site/cards';

export default function VolunteerPage() {
  usePageMeta(meta.volunteer);
  return (
    <>
      <PageHeader title="Our Volunteers" lead={volunteerPage.intro} />
      <section className="section" aria-labelledby="vol-title">
        <div className="container">
          <h2 id="vol-title">Volunteers serving today</h2>
          <PeopleGrid items={volunteers} />
          <SampleNotice />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.becomeVolunteer}>
              {volunteerPage.cta}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
