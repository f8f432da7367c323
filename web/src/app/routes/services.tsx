import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { services } from '@/content/pages';
import { useT } from '@/i18n';

export default function ServicesPage() {
  usePageMeta(meta.services);
  const t = useT();
  return (
    <>
      <PageHeader title={t('meta.services.title')} lead={services.intro} />
      <section className="section" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title" className="visually-hidden">
            {t('pages.services.heading')}
          </h2>
          <ul className="card-grid grid-3">
            {services.items.map((s) => (
              <li key={s.title} className="card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.servicesDetails}>
              {t('pages.services.how')}
            </Link>
            <Link className="btn btn-outline" to={paths.contact}>
              {t('pages.services.ask')}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
