import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';

export default function FaqPage() {
  usePageMeta(meta.faq);
  const faq = useSite()?.collections.faq ?? [];
  return (
    <>
      <PageHeader title="Frequently asked questions" />
      <div className="section">
        <div className="container narrow">
          {faq.length > 0 && (
            <div className="accordion">
              {faq.map((f) => (
                <details key={f._id} className="accordion-item">
                  <summary>{f.question}</summary>
                  <Markdown text={f.answer} />
                </details>
              ))}
            </div>
          )}
          <p>
            Another question? <Link to={paths.contact}>Contact us</Link>.
          </p>
        </div>
      </div>
    </>
  );
}
