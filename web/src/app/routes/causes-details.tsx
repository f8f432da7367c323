import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { causeDetails, causes } from '@/content/pages';
import { AmountPicker } from '@/features/site/amount-picker';
import { useT } from '@/i18n';

export default function CausesDetailsPage() {
  usePageMeta(meta.causesDetails);
  const t = useT();
  return (
    <>
      <PageHeader title={causeDetails.title} />
      <div className="section">
        <div className="container with-aside">
          <article>
            {causeDetails.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <section className="card" aria-labelledby="give-title">
              <h2 id="give-title">{t('pages.causeDetails.give')}</h2>
              <AmountPicker amounts={causeDetails.amounts} suggested={causeDetails.suggested} />
            </section>
            <h2>{t('pages.causeDetails.summaryTitle')}</h2>
            <p>{causeDetails.summary}</p>
          </article>
          <aside aria-labelledby="other-title" className="card">
            <h2 id="other-title">{t('pages.causeDetails.other')}</h2>
            <ul className="plain-list">
              {causes().slice(1).map((c) => (
                <li key={c.title}>{c.title}</li>
              ))}
            </ul>
            <p>
              <Link to={paths.causes}>{t('pages.causeDetails.all')}</Link>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
