import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { serviceDetails } from '@/content/pages';
import { useT } from '@/i18n';

export default function ServicesDetailsPage() {
  usePageMeta(meta.servicesDetails);
  const t = useT();
  return (
    <>
      <PageHeader title={serviceDetails.title} />
      <div className="section">
        <article className="container narrow">
          {serviceDetails.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <h2>{t('pages.serviceDetails.howTitle')}</h2>
          <ol className="numbered">
            {serviceDetails.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.contact}>
              {t('meta.contact.title')}
            </Link>
            <Link className="btn btn-outline" to={paths.services}>
              {t('pages.serviceDetails.all')}
            </Link>
          </p>
        </article>
      </div>
    </>
  );
}
