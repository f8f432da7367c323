import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { volunteerPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { PeopleGrid } from '@/features/site/cards';
import { t } from '@/i18n';

export default function VolunteerPage() {
  usePageMeta(meta.volunteer);
  const volunteers = useSite()?.collections.volunteers ?? [];
  return (
    <>
      <PageHeader title={t('pages.volunteers.title')} lead={volunteerPage.intro} />
      <section className="section" aria-label={meta.volunteer.title}>
        <div className="container">
          {volunteers.length > 0 && (
            <>
              <h2 id="vol-title">{t('pages.volunteers.today')}</h2>
              <PeopleGrid items={volunteers} />
            </>
          )}
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
