// The dashboard's own messages are not in the page (visitors never need
// them): AdminMessages fetches them in the language being shown before the
// dashboard renders, and again when another language is chosen, saying so
// while they load and offering to try again when they cannot be fetched.
// Its own words come from the site's catalogue, which is always there.
import { useEffect, useState, type ReactNode } from 'react';
import { loadPart, partReady, useLang, useT } from '@/i18n';

const PART = 'admin';

export function AdminMessages({ children }: { children: ReactNode }) {
  const lang = useLang();
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const ready = partReady(PART);
  const key = `${lang}:${attempt}`;
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadPart(PART).catch((err: unknown) => {
      console.warn('the dashboard messages could not be loaded', err);
      if (live) setFailed(key);
    });
    return () => {
      live = false;
    };
  }, [ready, key]);
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
