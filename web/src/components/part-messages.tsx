// The messages of a part of the catalogue that visitors never need (the
// dashboard's, the care register's) are not in the page: PartMessages
// fetches them in the language being shown before its children render,
// and again when another language is chosen, saying so while they load and
// offering to try again when they cannot be fetched. Its own words come
// from the site's catalogue, which is always there.
import { useEffect, useState, type ReactNode } from 'react';
import { loadPart, partReady, useLang, useT } from '@/i18n';

export function PartMessages({ part, children }: { part: string; children: ReactNode }) {
  const lang = useLang();
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const ready = partReady(part);
  const key = `${lang}:${attempt}`;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadPart(part).catch((err: unknown) => {
      console.warn(`the ${part} messages could not be loaded`, err);
      if (live) setFailed(key);
    });
    return () => {
      live = false;
    };
  }, [part, ready, key]);
  if (ready) return children;
  return (
    <section className="page-section admin-page">
      {failed === key ? (
        <>
          <p role="alert">{t('dashboard.failed')}</p>
          <button type="button" className="btn" onClick={() => setAttempt((a) => a + 1)}>
            {t('dashboard.retry')}
          </button>
        </>
      ) : (
        <p role="status">{t('dashboard.loading')}</p>
      )}
    </section>
  );
}
