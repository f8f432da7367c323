// The body of a page the program writes in Markdown (Privacy Policy,
// Terms & Conditions): its text, or a note while it has none.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Markdown } from '@/components/markdown';
import { pageOf, useSite } from '@/lib/site-data';

export function PageText({ slug }: { slug: string }) {
  const data = useSite();
  const page = pageOf(data, slug);
  return (
    <div className="section">
      <div className="container narrow legal">
        {page ? <Markdown text={page.body} /> : data && <p>This page has not been published yet.</p>}
        <p>
          Questions? <Link to={paths.contact}>Contact us</Link>.
        </p>
      </div>
    </div>
  );
}
