// Home: banner video, about, vision and mission, the key features, the
// implementation steps, donors, success stories, the team, volunteers and
// testimonials,
// all from the site's data. A block whose list is empty is not shown. The
// long texts are shown as plain paragraphs here, so the Markdown renderer
// stays out of the home page's first render.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { meta } from '@/content/meta';
import { featuresIntro, hero, implementationIntro, storiesIntro } from '@/content/home';
import { pageOf, useSite } from '@/lib/site-data';
import { plainParagraphs } from '@/lib/plain-text';
import { HomeVideo } from '@/features/site/home-video';
import { DonorGrid, FeatureGrid, listedDonors, Paragraphs, PeopleGrid, StepList, StoryList, TeamGrid, TestimonialGrid } from '@/features/site/cards';

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

export default function HomePage() {
  usePageMeta(meta.home);
  const data = useSite();
  const c = data?.collections;
  const about = pageOf(data, 'about');
  const vision = pageOf(data, 'vision');
  const mission = pageOf(data, 'mission');
  const donors = listedDonors(c?.donors ?? []);
  return (
    <>
      <HomeVideo label={hero.videoLabel} video={data?.settings.bannerVideo ?? null} poster={data?.settings.bannerPoster ?? null}>
        <h1 id="hero-title">{hero.title}</h1>
        <p className="hero-lead">{hero.lead}</p>
        <p className="button-row">
          <Link className="btn btn-primary" to={paths.discipleRegistration}>
            Register a disciple
          </Link>
          <Link className="btn btn-light" to={paths.donation}>
            Donate
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
                  More about us
                </Link>
                {c && c.team.length > 0 && (
                  <Link className="btn btn-outline" to={paths.team}>
                    Meet our team
                  </Link>
                )}
              </p>
            </div>
            <Picture className="split-picture" name="about-scene" alt="A golden evening over amber hills, drawn for SPDC" width={800} height={600} />
          </div>
        </section>
      )}

      {(vision || mission) && (
        <Block id="vm-title" title="Vision and mission" tint>
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
        <Block id="features-title" title="Key features">
          <p className="section-lead">{featuresIntro}</p>
          <FeatureGrid items={c.features} />
        </Block>
      )}

      {c && c.steps.length > 0 && (
        <Block id="process-title" title="Implementation process" tint>
          <p className="section-lead">{implementationIntro}</p>
          <StepList items={c.steps} details={paragraphs} />
          <p className="section-more">
            <Link to={paths.implementation}>More about the implementation process</Link>
          </p>
        </Block>
      )}

      {donors.length > 0 && (
        <Block id="donors-title" title="Our donors">
          <p className="section-lead">Well-wishers whose gifts keep the program going.</p>
          <DonorGrid items={donors.slice(0, 6)} />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.donation}>
              Become a Donor
            </Link>
            <Link className="btn btn-outline" to={paths.donor}>
              See all donors
            </Link>
          </p>
        </Block>
      )}

      {c && c.stories.length > 0 && (
        <Block id="stories-title" title="Success stories" tint>
          <p className="section-lead">{storiesIntro}</p>
          <StoryList items={c.stories.slice(0, 3)} body={firstParagraph} />
          <p className="section-more">
            <Link to={paths.events}>Read all the success stories</Link>
          </p>
        </Block>
      )}

      {c && c.team.length > 0 && (
        <Block id="team-title" title="Our team">
          <TeamGrid items={c.team} bio={firstParagraph} />
          <p className="section-more">
            <Link to={paths.team}>More about our team</Link>
          </p>
        </Block>
      )}

      {c && c.volunteers.length > 0 && (
        <Block id="volunteers-title" title="Our volunteers" tint>
          <PeopleGrid items={c.volunteers.slice(0, 6)} />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.becomeVolunteer}>
              Become a Volunteer
            </Link>
          </p>
        </Block>
      )}

      {c && c.testimonials.length > 0 && (
        <Block id="testimonials-title" title="What people say">
          <TestimonialGrid items={c.testimonials.slice(0, 3)} />
          <p className="section-more">
            <Link to={paths.testimonial}>All testimonials</Link>
          </p>
        </Block>
      )}
    </>
  );
}
