// The public accounts: for each year the program has published, the gifts
// received and the help given for each purpose, and how many elders were
// served, so every donor can see where gifts went. Counts and sums only,
// never a name; in the reader's language.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '@/components/page-meta';
import { accountsYearPath } from '@/config/care-paths';
import { paths } from '@/config/paths';
import { meta } from '@/content/meta';
import { ApiError } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { formatRupees } from '@/lib/india';
import { hasMessage, locales, useT } from '@/i18n';
import { numberFormat } from '@/i18n/format';
import { fetchAccountYear, fetchAccountYears, type PublishedYear } from '../api/accounts-api';
import './accounts.css';

export function AccountsPage() {
  const t = useT();
  usePageMeta(meta.accounts);
  const { fy: asked } = useParams();
  const [years, setYears] = useState<string[] | null>(null);
  const [year, setYear] = useState<PublishedYear | null>(null);
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchAccountYears(ctrl.signal).then(setYears, (err: unknown) => {
      if (!ctrl.signal.aborted && !(err instanceof DOMException)) setYears([]);
    });
    return () => ctrl.abort();
  }, []);

  const shown = asked ?? years?.[0];
  useEffect(() => {
    if (!shown) return;
    const ctrl = new AbortController();
    fetchAccountYear(shown, ctrl.signal).then(
      (y) => {
        setYear(y);
        setProblem(null);
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setProblem(err instanceof ApiError && err.status === 404 ? 'missing' : 'failed');
      },
    );
    return () => ctrl.abort();
  }, [shown]);

  const count = (n: number) => numberFormat(locales().number).format(n);
  const purpose = (p: string) => (hasMessage(`gift.purpose.${p}`) ? t(`gift.purpose.${p}`) : p);
  const current = year && year.fy === shown ? year : null;
  const totals = current ? current.purposes.reduce((s, p) => ({ received: s.received + p.receivedPaise, paid: s.paid + p.paidPaise }), { received: 0, paid: 0 }) : null;

  return (
    <section className="page-section" aria-labelledby="accounts-title">
      <h1 id="accounts-title">{shown ? t('accounts.titleYear', { fy: shown }) : t('accounts.title')}</h1>
      <p className="section-lead">{t('accounts.intro')}</p>
      {years === null && !asked ? (
        <p role="status">{t('accounts.loading')}</p>
      ) : !shown ? (
        <p>{t('accounts.none')}</p>
      ) : problem ? (
        <p role="alert">{problem === 'missing' ? t('accounts.missing', { fy: shown }) : t('accounts.failed')}</p>
      ) : !current ? (
        <p role="status">{t('accounts.loading')}</p>
      ) : (
        <>
          <p>{t('accounts.period', { from: formatDay(current.from), to: formatDay(current.to) })}</p>
          <p className="accounts-served">{t('accounts.served', { count: count(current.eldersServed) })}</p>
          <div className="accounts-table-wrap">
            <table className="accounts-table">
              <caption>{t('accounts.caption', { fy: current.fy })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('accounts.purpose')}</th>
                  <th scope="col">{t('accounts.received')}</th>
                  <th scope="col">{t('accounts.given')}</th>
                </tr>
              </thead>
              <tbody>
                {current.purposes.map((p) => (
                  <tr key={p.purpose}>
                    <th scope="row">{purpose(p.purpose)}</th>
                    <td>{formatRupees(p.receivedPaise)}</td>
                    <td>{formatRupees(p.paidPaise)}</td>
                  </tr>
                ))}
              </tbody>
              {totals && (
                <tfoot>
                  <tr>
                    <th scope="row">{t('accounts.total')}</th>
                    <td>{formatRupees(totals.received)}</td>
                    <td>{formatRupees(totals.paid)}</td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          <p>{t('accounts.publishedOn', { day: formatDay(current.publishedAt) })}</p>
        </>
      )}
      {years && years.length > 1 && (
        <nav aria-labelledby="accounts-years">
          <h2 id="accounts-years">{t('accounts.otherYears')}</h2>
          <ul>
            {years.map((y) => (
              <li key={y}>
                <Link to={accountsYearPath(y)} aria-current={y === shown ? 'page' : undefined}>
                  {y}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p>
        <Link to={paths.donation}>{t('accounts.give')}</Link>
      </p>
    </section>
  );
}
