// The body of a page the program writes in Markdown (Privacy Policy,
// Terms & Conditions): its text, or a note while it has none.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Markdown } from '@/components/markdown';
import { pageOf, useSite } from '@/lib/site-data';
import { tn, useT } from '@/i18n';

export function PageText({ slug }: { slug: string }) {
  const t = useT();
  const data = useSite();
  const page = pageOf(data, slug);
  return (
    <div className="section">
      <div className="container narrow legal">
        {page ? <Markdown text={page.body} /> : data && <p>{t('pages.text.notYet')}</p>}
        <p>{tn('pages.text.questions', {}, { link: (c) => <Link to={paths.contact}>{c}</Link> })}</p>
      </div>
    </div>
  );
}
