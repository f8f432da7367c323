// About Us: the program's about, vision and mission pages and the key
// features, from the site's data.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { pageOf, useSite } from '@/lib/site-data';
import { FeatureGrid } from '@/features/site/cards';
import { t } from '@/i18n';

export default function AboutPage() {
  usePageMeta(meta.about);
  const data = useSite();
  const about = pageOf(data, 'about');
  const parts = [pageOf(data, 'vision'), pageOf(data, 'mission')].filter((p) => p !== undefined);
  const features = data?.collections.features ?? [];
  const team = data?.collections.team ?? [];
  return (
    <>
      <PageHeader title={meta.about.title} />
      {about && (
        <section className="section" aria-labelledby="intro-title">
          <div className="container split">
            <div>
              <h2 id="intro-title">{about.title}</h2>
              <Markdown text={about.body} />
            </div>
            <Picture className="split-picture" name="about-scene" alt={t('home.aboutPicture')} width={800} height={600} eager />
          </div>
        </section>
      )}
      {parts.length > 0 && (
        <section className="section section-tint" aria-labelledby="vm-title">
          <div className="container">
            <h2 id="vm-title">{t('home.visionMission')}</h2>
            <div className="card-grid grid-2">
              {parts.map((p) => (
                <article className="card" key={p.slug}>
                  <h3>{p.title}</h3>
                  <Markdown text={p.body} />
                </article>
              ))}
            </div>
          </div>
        </section>
      )}
      <section className="section" aria-labelledby="help-title">
        <div className="container">
          <h2 id="help-title">{t('pages.about.howWeHelp')}</h2>
          {features.length > 0 && <FeatureGrid items={features} />}
          <p className="button-row">
            {team.length > 0 && (
              <Link className="btn btn-primary" to={paths.team}>
                {t('home.meetTeam')}
              </Link>
            )}
            <Link className="btn btn-outline" to={paths.becomeVolunteer}>
              {t('header.volunteer')}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
