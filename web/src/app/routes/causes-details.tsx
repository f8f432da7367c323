// One cause (/causesdetails?id=…): its picture, summary and full text, the
// amounts a donor may choose and the other causes. Without an id it shows
// the first cause the program has published; with none, it says so and
// points to the donation page.
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { SiteImage } from '@/components/site-image';
import { meta } from '@/content/meta';
import { AmountPicker } from '@/features/site/amount-picker';
import { useSite } from '@/lib/site-data';
import { tn, useT } from '@/i18n';

export default function CausesDetailsPage() {
  const t = useT();
  const data = useSite();
  const [params] = useSearchParams();
  const causes = data?.collections.causes ?? [];
  const id = params.get('id');
  const cause = id ? causes.find((c) => c._id === id) : causes[0];
  usePageMeta(cause ? { title: cause.title, description: cause.text } : meta.causesDetails);
  const others = causes.filter((c) => c !== cause);
  return (
    <>
      <PageHeader title={cause?.title ?? meta.causesDetails.title} />
      <div className="section">
        {cause ? (
          <div className="container with-aside">
            <article>
              {cause.photo && <SiteImage className="wide-picture" media={cause.photo} sizes="(max-width: 800px) 100vw, 800px" />}
              <p>{cause.text}</p>
              {cause.details && <Markdown text={cause.details} />}
              <section className="card" aria-labelledby="give-title">
                <h2 id="give-title">{t('pages.causeDetails.give')}</h2>
                <AmountPicker />
              </section>
            </article>
            {others.length > 0 ? (
              <aside aria-labelledby="other-title" className="card">
                <h2 id="other-title">{t('pages.causeDetails.other')}</h2>
                <ul className="plain-list">
                  {others.map((c) => (
                    <li key={c._id}>
                      <Link to={`${paths.causesDetails}?id=${encodeURIComponent(c._id)}`}>{c.title}</Link>
                    </li>
                  ))}
                </ul>
                <p>
                  <Link to={paths.causes}>{t('pages.causeDetails.all')}</Link>
                </p>
              </aside>
            ) : (
              <p>
                <Link to={paths.causes}>{t('pages.causeDetails.all')}</Link>
              </p>
            )}
          </div>
        ) : (
          data && (
            <p className="container narrow">
              {tn(id ? 'pages.causeDetails.gone' : 'pages.causes.none', {}, { link: (c) => <Link to={paths.donation}>{c}</Link> })}
            </p>
          )
        )}
      </div>
    </>
  );
}
