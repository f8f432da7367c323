// Home: banner video, about, vision and mission, eight key
// features, the six implementation steps, sample donors, success stories,
// the team and sample volunteers.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { meta } from '@/content/meta';
import { about, features, featuresIntro, hero, storiesIntro, visionMission } from '@/content/home';
import { implementationIntro, steps } from '@/content/implementation';
import { homeDonors, team, volunteers } from '@/content/samples';
import { stories } from '@/content/stories';
import { HomeVideo } from '@/features/site/home-video';
import { DonorGrid, FeatureGrid, PeopleGrid, SampleNotice, StepList, StoryList, TeamGrid } from '@/features/site/cards';

export default function HomePage() {
  usePageMeta(meta.home);
  return (
    <>
      <HomeVideo label={hero.videoLabel}>
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

      <section className="section" aria-labelledby="about-title">
        <div className="container split">
          <div>
            <h2 id="about-title">{about.heading}</h2>
            {about.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p className="button-row">
              <Link className="btn btn-primary" to={paths.team}>
                Meet our team
              </Link>
              <Link className="btn btn-outline" to={paths.volunteer}>
                Our volunteers
              </Link>
            </p>
          </div>
          <Picture className="split-picture" name="about-scene" alt="A golden evening over amber hills, drawn for SPDC" width={800} height={600} />
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="vm-title">
        <div className="container">
          <h2 id="vm-title">Vision and mission</h2>
          <div className="card-grid grid-2">
            <article className="card">
              <h3>{visionMission.vision.heading}</h3>
              <p>{visionMission.vision.text}</p>
            </article>
            <article className="card">
              <h3>{visionMission.mission.heading}</h3>
              <p>{visionMission.mission.text}</p>
            </article>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">Key features</h2>
          <p className="section-lead">{featuresIntro}</p>
          <FeatureGrid items={features} />
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="process-title">
        <div className="container">
          <h2 id="process-title">Implementation process</h2>
          <p className="section-lead">{implementationIntro}</p>
          <StepList items={steps} />
          <p className="section-more">
            <Link to={paths.implementation}>More about the implementation process</Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="donors-title">
        <div className="container">
          <h2 id="donors-title">Our donors</h2>
          <p className="section-lead">Well-wishers whose gifts keep the program going.</p>
          <DonorGrid items={homeDonors} />
          <SampleNotice />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.donation}>
              Become a Donor
            </Link>
            <Link className="btn btn-outline" to={paths.donor}>
              See all donors
            </Link>
          </p>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="stories-title">
        <div className="container">
          <h2 id="stories-title">Success stories</h2>
          <p className="section-lead">{storiesIntro}</p>
          <StoryList items={stories} />
          <p className="section-more">
            <Link to={paths.events}>Read all the success stories</Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our team</h2>
          <TeamGrid items={team} />
          <SampleNotice />
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="volunteers-title">
        <div className="container">
          <h2 id="volunteers-title">Our volunteers</h2>
          <PeopleGrid items={volunteers} />
          <SampleNotice />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.becomeVolunteer}>
              Become a Volunteer
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
