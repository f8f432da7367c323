// The 404 page: 'Oops! Page Not Found' (in English in every language, as
// the original site has it) and a link home.
import { Link } from 'react-router';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { useT } from '@/i18n';

export default function NotFound() {
  usePageMeta(meta.notFound);
  const t = useT();
  return (
    <section className="section not-found" aria-labelledby="nf-title">
      <div className="container narrow center">
        <p className="big-404" aria-hidden="true">
          404
        </p>
        <h1 id="nf-title">Oops! Page Not Found</h1>
        <p>{t('pages.notFound.text')}</p>
        <p>
          <Link className="btn btn-primary" to="/">
            {t('pages.backHome')}
          </Link>
        </p>
      </div>
    </section>
  );
}
