import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { comingSoon } from '@/content/pages';
import { SubscribeForm } from '@/features/site/subscribe-form';

export default function ComingSoonPage() {
  usePageMeta(meta.comingSoon);
  return (
    <section className="section coming-soon" aria-labelledby="cs-title">
      <div className="container narrow center">
        <p className="eyebrow">Coming soon</p>
        <h1 id="cs-title">{comingSoon.title}</h1>
        <p className="section-lead">{comingSoon.text}</p>
        <SubscribeForm />
        <p>
          <Link to={paths.home}>Back to Home</Link>
        </p>
      </div>
    </section>
  );
}
