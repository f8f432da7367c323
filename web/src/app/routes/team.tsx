import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { teamPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { TeamGrid } from '@/features/site/cards';

const bio = (md: string) => <Markdown text={md} />;

export default function TeamPage() {
  usePageMeta(meta.team);
  const data = useSite();
  const team = data?.collections.team ?? [];
  return (
    <>
      <PageHeader title="Our Team" lead={teamPage.intro} />
      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our sevakas</h2>
          {team.length > 0 ? <TeamGrid items={team} bio={bio} /> : data && <p>The team’s profiles will be published here soon.</p>}
        </div>
      </section>
    </>
  );
}
