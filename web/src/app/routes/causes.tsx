import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { causes } from '@/content/pages';

export default function CausesPage() {
  usePageMeta(meta.causes);
  return (
    <>
      <PageHeader title="Causes" lead="Current needs that your gift can meet." />
      <section className="section" aria-labelledby="causes-title">
        <div className="container">
          <h2 id="causes-title" className="visually-hidden">
            Current causes
          </h2>
          <ul className="card-grid grid-3">
            {causes.map((c, i) => (
              <li key={c.title} className="card cause-card">
                <h3>{c.title}</h3>
                <p>{c.text}</p>
                {i === 0 ? (
                  <Link to={paths.causesDetails}>
                    Read more<span className="visually-hidden"> about {c.title}</span>
                  </Link>
                ) : null}
                <Link className="btn btn-primary" to={paths.donation}>
                  Donate<span className="visually-hidden"> to {c.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
