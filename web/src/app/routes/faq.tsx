import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { faq } from '@/content/pages';

export default function FaqPage() {
  usePageMeta(meta.faq);
  return (
    <>
      <PageHeader title="Frequently asked questions" />
      <div className="section">
        <div className="container narrow">
          <div className="accordion">
            {faq.map((f) => (
              <details key={f.q} className="accordion-item">
                <summary>{f.q}</summary>
                <p>{f.a}</p>
              </details>
            ))}
          </div>
          <p>
            Another question? <Link to={paths.contact}>Contact us</Link>.
          </p>
        </div>
      </div>
    </>
  );
}
