import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { donorPage as text } from '@/content/pages';
import { t } from '@/i18n';
import { useSite } from '@/lib/site-data';
import { DonorGrid, listedDonors } from '@/features/site/cards';

export default function DonorPage() {
  usePageMeta(meta.donor);
  const data = useSite();
  const donors = listedDonors(data?.collections.donors ?? []);
  return (
    <>
      <PageHeader title={meta.donor.title} />
      <section className="section" aria-labelledby="donors-title">
        <div className="container">
          <h2 id="donors-title">{text.heading}</h2>
          <p className="section-lead">{text.intro}</p>
          {donors.length > 0 ? <DonorGrid items={donors} /> : data && <p>{t('pages.donors.none')}</p>}
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.donation}>
              {text.cta}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
