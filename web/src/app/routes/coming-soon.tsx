import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { comingSoon } from '@/content/pages';
import { SubscribeForm } from '@/features/site/subscribe-form';
import { useT } from '@/i18n';

export default function ComingSoonPage() {
  usePageMeta(meta.comingSoon);
  const t = useT();
  return (
    <section className="section coming-soon" aria-labelledby="cs-title">
      <div className="container narrow center">
        <p className="eyebrow">{t('meta.comingSoon.title')}</p>
        <h1 id="cs-title">{comingSoon.title}</h1>
        <p className="section-lead">{comingSoon.text}</p>
        <SubscribeForm />
        <p>
          <Link to={paths.home}>{t('pages.backHome')}</Link>
        </p>
      </div>
    </section>
  );
}
