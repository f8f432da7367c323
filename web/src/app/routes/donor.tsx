import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { donorPage as text } from '@/content/pages';
import { donorPage } from '@/content/samples';
import { DonorGrid, SampleNotice } from '@/features/site/cards';

export default function DonorPage() {
  usePageMeta(meta.donor);
  return (
    <>
      <PageHeader title="Donor" />
      <section className="section" aria-labelledby="donors-title">
        <div className="container">
          <h2 id="donors-title">{text.heading}</h2>
          <p className="section-lead">{text.intro}</p>
          <DonorGrid items={donorPage} />
          <SampleNotice />
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
