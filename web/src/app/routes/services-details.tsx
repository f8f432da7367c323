import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { serviceDetails } from '@/content/pages';

export default function ServicesDetailsPage() {
  usePageMeta(meta.servicesDetails);
  return (
    <>
      <PageHeader title={serviceDetails.title} />
      <div className="section">
        <article className="container narrow">
          {serviceDetails.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <h2>How to ask for this help</h2>
          <ol className="numbered">
            {serviceDetails.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.contact}>
              Contact Us
            </Link>
            <Link className="btn btn-outline" to={paths.services}>
              All services
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
