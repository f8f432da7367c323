import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { teamPage } from '@/content/pages';
import { team } from '@/content/samples';
import { SampleNotice, TeamGrid } from '@/features/site/cards';

export default function TeamPage() {
  usePageMeta(meta.team);
  return (
    <>
      <PageHeader title="Our Team" lead={teamPage.intro} />
      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our sevakas</h2>
          <TeamGrid items={team} />
          <SampleNotice />
        </div>
      </section>
    </>
  );
}
