// My Account's "Your coordinator": for an elder with a care record, who
// looks after them, how to reach that person and when the next call or
// visit is planned. Nothing is shown to anyone without a record.
import { useEffect, useState } from 'react';
import { formatDay } from '@/lib/dates';
import { useT } from '@/i18n';
import { fetchMyCare, type MyCare } from '../api/my-care-api';

export function YourCoordinator() {
  const t = useT();
  const [care, setCare] = useState<MyCare | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    // A 404 (no record) or any failure shows nothing: the rest of the
    // page is what the person came for.
    fetchMyCare(ctrl.signal).then(setCare, () => undefined);
    return () => ctrl.abort();
  }, []);
  if (!care) return null;
  const c = care.coordinator;
  return (
    <section className="account-card account-coordinator" aria-labelledby="coordinator-title">
      <h2 id="coordinator-title">{t('account.care.title')}</h2>
      {c ? (
        <>
          <p>{t('account.care.intro', { name: c.fullName })}</p>
          <dl className="account-details">
            {c.phone ? (
              <div className="account-detail">
                <dt>{t('account.care.phone')}</dt>
                <dd>
                  <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
                </dd>
              </div>
            ) : null}
            {c.email ? (
              <div className="account-detail">
                <dt>{t('account.care.email')}</dt>
                <dd>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </div>
            ) : null}
            <div className="account-detail">
              <dt>{t('account.care.next')}</dt>
              <dd>{care.nextContactDue ? formatDay(care.nextContactDue) : t('account.care.notPlanned')}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t('account.care.noneYet')}</p>
      )}
    </section>
  );
}
