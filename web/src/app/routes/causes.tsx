import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { causes } from '@/content/pages';
import { tn, useT } from '@/i18n';

const hidden = (c: ReactNode[]) => <span className="visually-hidden">{c}</span>;

export default function CausesPage() {
  usePageMeta(meta.causes);
  const t = useT();
  return (
    <>
      <PageHeader title={t('meta.causes.title')} lead={t('pages.causes.lead')} />
      <section className="section" aria-labelledby="causes-title">
        <div className="container">
          <h2 id="causes-title" className="visually-hidden">
            {t('pages.causes.heading')}
          </h2>
          <ul className="card-grid grid-3">
            {causes().map((c, i) => (
              <li key={c.title} className="card cause-card">
                <h3>{c.title}</h3>
                <p>{c.text}</p>
                {i === 0 ? (
                  <Link to={paths.causesDetails}>
                    {tn('pages.causes.readMore', { title: c.title }, { hidden })}
                  </Link>
                ) : null}
                <Link className="btn btn-primary" to={paths.donation}>
                  {tn('pages.causes.donate', { title: c.title }, { hidden })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
