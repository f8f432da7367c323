// The 404 page: 'Oops! Page Not Found' and a link home.
import { Link } from 'react-router';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';

export default function NotFound() {
  usePageMeta(meta.notFound);
  return (
    <section className="section not-found" aria-labelledby="nf-title">
      <div className="container narrow center">
        <p className="big-404" aria-hidden="true">
          404
        </p>
        <h1 id="nf-title">Oops! Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <p>
          <Link className="btn btn-primary" to="/">
            Back to Home
          </Link>
        </p>
      </div>
    </section>
  );
}
