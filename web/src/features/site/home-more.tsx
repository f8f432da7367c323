// The home page below its first screen: vision and mission, the key
// features, the implementation steps, donors, success stories, the team,
// volunteers and testimonials, from the site's data; a block whose list
// is empty is not shown. The home page (app/routes/home.tsx) loads it
// after its first render.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { pageOf, useSite } from '@/lib/site-data';
import { plainParagraphs } from '@/lib/plain-text';
import { DonorGrid, FeatureGrid, listedDonors, PeopleGrid, StepList, StoryList, TeamGrid, TestimonialGrid } from './cards';
import { Paragraphs } from './paragraphs';

const paragraphs = (md: string) => <Paragraphs text={md} />;
// A story on the home page: its first paragraph.
const firstParagraph = (md: string) => <p>{plainParagraphs(md)[0]}</p>;

function Block({ id, title, tint, children }: { id: string; title: string; tint?: boolean; children: ReactNode }) {
  return (
    <section className={tint ? 'section section-tint' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

export default function HomeMore() {
  const t = useT();
  const data = useSite();
  const c = data?.collections;
  const vision = pageOf(data, 'vision');
  const mission = pageOf(data, 'mission');
  const donors = listedDonors(c?.donors ?? []);
  return (
    <>
      {(vision || mission) && (
        <Block id="vm-title" title={t('home.visionMission')} tint>
          <div className="card-grid grid-2">
            {[vision, mission].map(
              (p) =>
                p && (
                  <article className="card" key={p.slug}>
                    <h3>{p.title}</h3>
                    <Paragraphs text={p.body} />
                  </article>
                ),
            )}
          </div>
        </Block>
      )}

      {c && c.features.length > 0 && (
        <Block id="features-title" title={t('home.features')}>
          <p className="section-lead">{t('home.featuresIntro')}</p>
          <FeatureGrid items={c.features} />
        </Block>
      )}

      {c && c.steps.length > 0 && (
        <Block id="process-title" title={t('home.process')} tint>
          <p className="section-lead">{t('home.processIntro')}</p>
          <StepList items={c.steps} details={paragraphs} />
          <p className="section-more">
            <Link to={paths.implementation}>{t('home.processMore')}</Link>
          </p>
        </Block>
      )}

      {donors.length > 0 && (
        <Block id="donors-title" title={t('home.donors')}>
          <p className="section-lead">{t('home.donorsIntro')}</p>
          <DonorGrid items={donors.slice(0, 6)} />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.donation}>
              {t('home.becomeDonor')}
            </Link>
            <Link className="btn btn-outline" to={paths.donor}>
              {t('home.allDonors')}
            </Link>
          </p>
        </Block>
      )}

      {c && c.stories.length > 0 && (
        <Block id="stories-title" title={t('home.stories')} tint>
          <p className="section-lead">{t('home.storiesIntro')}</p>
          <StoryList items={c.stories.slice(0, 3)} body={firstParagraph} />
          <p className="section-more">
            <Link to={paths.events}>{t('home.allStories')}</Link>
          </p>
        </Block>
      )}

      {c && c.team.length > 0 && (
        <Block id="team-title" title={t('home.team')}>
          <TeamGrid items={c.team} bio={firstParagraph} />
          <p className="section-more">
            <Link to={paths.team}>{t('home.teamMore')}</Link>
          </p>
        </Block>
      )}

      {c && c.volunteers.length > 0 && (
        <Block id="volunteers-title" title={t('home.volunteers')} tint>
          <PeopleGrid items={c.volunteers.slice(0, 6)} />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.becomeVolunteer}>
              {t('header.volunteer')}
            </Link>
          </p>
        </Block>
      )}

      {c && c.testimonials.length > 0 && (
        <Block id="testimonials-title" title={t('home.testimonials')}>
          <TestimonialGrid items={c.testimonials.slice(0, 3)} />
          <p className="section-more">
            <Link to={paths.testimonial}>{t('home.allTestimonials')}</Link>
          </p>
        </Block>
      )}
    </>
  );
}
