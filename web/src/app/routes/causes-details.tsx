import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { causeDetails, causes } from '@/content/pages';
import { AmountPicker } from '@/features/site/amount-picker';

export default function CausesDetailsPage() {
  usePageMeta(meta.causesDetails);
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
              <h2 id="give-title">Give to this cause</h2>
              <AmountPicker amounts={causeDetails.amounts} suggested={causeDetails.suggested} />
            </section>
            <h2>Summary</h2>
            <p>{causeDetails.summary}</p>
          </article>
          <aside aria-labelledby="other-title" className="card">
            <h2 id="other-title">Other causes</h2>
            <ul className="plain-list">
              {causes.slice(1).map((c) => (
                <li key={c.title}>{c.title}</li>
              ))}
            </ul>
            <p>
              <Link to={paths.causes}>See all causes</Link>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
