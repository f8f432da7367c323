// Home: banner video, about, vision and mission, the key features, the
// implementation steps, donors, success stories, the team, volunteers and
// testimonials,
// all from the site's data. A block whose list is empty is not shown. The
// long texts are shown as plain paragraphs here, so the Markdown renderer
// stays out of the home page's first render. The first screen (the banner
// and about) is this file; the blocks below it (features/site/home-more.tsx)
// are loaded after the first render, as the page's own code.
import { Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { meta } from '@/content/meta';
import { useT } from '@/i18n';
import { pageOf, useSite } from '@/lib/site-data';
import { HomeVideo } from '@/features/site/home-video';
import { Paragraphs } from '@/features/site/paragraphs';
import { page } from '@/app/lazy';

const HomeMore = page(() => import('@/features/site/home-more'));

export default function HomePage() {
  usePageMeta(meta.home);
  const t = useT();
  const data = useSite();
  const c = data?.collections;
  const about = pageOf(data, 'about');
  return (
    <>
      <HomeVideo label={t('home.videoLabel')} video={data?.settings.bannerVideo ?? null} poster={data?.settings.bannerPoster ?? null}>
        <h1 id="hero-title">{t('home.heroTitle')}</h1>
        <p className="hero-lead">{t('home.heroLead')}</p>
        <p className="button-row">
          <Link className="btn btn-primary" to={paths.discipleRegistration}>
            {t('home.registerDisciple')}
          </Link>
          <Link className="btn btn-light" to={paths.donation}>
            {t('home.donate')}
          </Link>
        </p>
      </HomeVideo>

      {about && (
        <section className="section" aria-labelledby="about-title">
          <div className="container split">
            <div>
              <h2 id="about-title">{about.title}</h2>
              <Paragraphs text={about.body} />
              <p className="button-row">
                <Link className="btn btn-primary" to={paths.about}>
                  {t('home.moreAbout')}
                </Link>
                {c && c.team.length > 0 && (
                  <Link className="btn btn-outline" to={paths.team}>
                    {t('home.meetTeam')}
                  </Link>
                )}
              </p>
            </div>
            <Picture className="split-picture" name="about-scene" alt={t('home.aboutPicture')} width={800} height={600} />
          </div>
        </section>
      )}

      <Suspense fallback={null}>
        <HomeMore />
      </Suspense>
    </>
  );
}
