import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { Markdown } from '@/components/markdown';
import { meta } from '@/content/meta';
import { teamPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { TeamGrid } from '@/features/site/cards';
import { t } from '@/i18n';

const bio = (md: string) => <Markdown text={md} />;

export default function TeamPage() {
  usePageMeta(meta.team);
  const data = useSite();
  const team = data?.collections.team ?? [];
  return (
    <>
      <PageHeader title={meta.team.title} lead={teamPage.intro} />
      <section className="section" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">{t('pages.team.sevakas')}</h2>
          {team.length > 0 ? <TeamGrid items={team} bio={bio} /> : data && <p>{t('pages.team.none')}</p>}
        </div>
      </section>
    </>
  );
}
