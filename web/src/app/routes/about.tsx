import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Picture } from '@/components/picture';
import { meta } from '@/content/meta';
import { about, features, visionMission } from '@/content/home';
import { FeatureGrid } from '@/features/site/cards';

export default function AboutPage() {
  usePageMeta(meta.about);
  return (
    <>
      <PageHeader title="About Us" />
      <section className="section" aria-labelledby="intro-title">
        <div className="container split">
          <div>
            <h2 id="intro-title">Who we are</h2>
            {about.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <Picture className="split-picture" name="about-scene" alt="A golden evening over amber hills, drawn for SPDC" width={800} height={600} eager />
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="vm-title">
        <div className="container">
          <h2 id="vm-title">Vision &amp; Mission</h2>
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
      <section className="section" aria-labelledby="help-title">
        <div className="container">
          <h2 id="help-title">How we help</h2>
          <FeatureGrid items={features} />
          <p className="button-row">
            <Link className="btn btn-primary" to={paths.team}>
              Meet our team
            </Link>
            <Link className="btn btn-outline" to={paths.volunteer}>
              Our volunteers
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
