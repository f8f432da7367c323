// Causes (/causes): the needs a gift can meet, as the program publishes
// them from the dashboard, each with a link to its own page and a Donate
// button. With none published the page says so and points to the
// donation page, where every gift is welcome.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { SiteImage } from '@/components/site-image';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';
import { tn, useT } from '@/i18n';

const hidden = (c: ReactNode[]) => <span className="visually-hidden">{c}</span>;

export default function CausesPage() {
  usePageMeta(meta.causes);
  const t = useT();
  const data = useSite();
  const causes = data?.collections.causes ?? [];
  return (
    <>
      <PageHeader title={t('meta.causes.title')} lead={t('pages.causes.lead')} />
      <section className="section" aria-labelledby="causes-title">
        <div className="container">
          <h2 id="causes-title" className="visually-hidden">
            {t('pages.causes.heading')}
          </h2>
          {causes.length > 0 ? (
            <ul className="card-grid grid-3">
              {causes.map((c) => (
                <li key={c._id} className="card cause-card">
                  {c.photo && <SiteImage media={c.photo} sizes="(max-width: 800px) 100vw, 400px" />}
                  <h3>{c.title}</h3>
                  <p>{c.text}</p>
                  <Link to={`${paths.causesDetails}?id=${encodeURIComponent(c._id)}`}>{tn('pages.causes.readMore', { title: c.title }, { hidden })}</Link>
                  <Link className="btn btn-primary" to={paths.donation}>
                    {tn('pages.causes.donate', { title: c.title }, { hidden })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            data && <p>{tn('pages.causes.none', {}, { link: (c) => <Link to={paths.donation}>{c}</Link> })}</p>
          )}
        </div>
      </section>
    </>
  );
}
