import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';
import { tn, useT } from '@/i18n';

export default function FaqPage() {
  usePageMeta(meta.faq);
  const t = useT();
  const faq = useSite()?.collections.faq ?? [];
  return (
    <>
      <PageHeader title={t('meta.faq.title')} />
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
          <p>{tn('pages.faq.another', {}, { link: (c) => <Link to={paths.contact}>{c}</Link> })}</p>
        </div>
      </div>
    </>
  );
}
