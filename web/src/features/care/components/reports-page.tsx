// The Reports view: a financial year's counts and sums (elders served and
// new, needs open and met by service, contacts overdue, help given by month
// and purpose, gifts received against help given per purpose), as charts
// with a table behind each, the same as CSV and as the printable annual
// PDF, and, for admins, publishing the year on the public accounts page.
// Counts and sums only: it names no one, so every role that may read
// reports sees the same page.
import { lazy, Suspense, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { withTimeout } from '@/app/lazy';
import { accountsYearPath } from '@/config/care-paths';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { todayISO } from '@/lib/dates';
import { fetchFile, saveBlob } from '@/lib/download';
import { financialYear } from '@/lib/india';
import { useSession } from '@/lib/session';
import { useT } from '@/i18n';
import { publishReport, type Report } from '../api/care-api';
import { careKeys, useReport } from '../api/queries';
import { OwnQueries } from '@/lib/query-client';
import { CareMessages, Denied, Done, mayUse, Problem, problemOf } from './shared';
import './care.css';

const ReportCharts = lazy(() => withTimeout(import('./report-charts')));

/** YEARS is how many financial years the picker offers, this one first. */
const YEARS = 5;

/** yearsUpTo lists the financial years ending with the one of today. */
export function yearsUpTo(today: string, n = YEARS): string[] {
  const start = Number(financialYear(today).slice(0, 4));
  return Array.from({ length: n }, (_, i) => {
    const y = start - i;
    return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  });
}

export function ReportsPage() {
  return (
    <CareMessages>
      <OwnQueries>
        <Reports />
      </OwnQueries>
    </CareMessages>
  );
}

function Reports() {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const years = yearsUpTo(todayISO());
  const [fy, setFy] = useState(years[0]);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const answer = useReport(fy);
  const client = useQueryClient();
  // Until the year's answer comes (also when asked again after a
  // failure), the page says it is loading.
  const state = answer.data ? 'ready' : answer.isFetching || !answer.error ? 'loading' : answer.error instanceof ApiError && answer.error.status === 403 ? 'denied' : 'failed';
  const report = answer.data ?? null;

  async function download(kind: 'csv' | 'pdf') {
    setProblem('');
    try {
      const res = await fetchFile(`/admin/reports.${kind}?fy=${encodeURIComponent(fy)}`);
      saveBlob(await res.blob(), `spdc-report-${fy}.${kind}`);
    } catch (err) {
      setProblem(problemOf(err));
    }
  }

  async function publish() {
    setBusy(true);
    setProblem('');
    try {
      await publishReport(fy);
      setConfirming(false);
      setDone(t('care.reports.publishedNow', { fy }));
      // Published at once on the page (no second offer to publish while
      // the year is read again).
      client.setQueryData<Report>(careKeys.report(fy), (r) => (r ? { ...r, published: true } : r));
      void client.invalidateQueries({ queryKey: careKeys.report(fy) });
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (state === 'denied') {
    return <Denied />;
  }
  return (
    <section className="page-section admin-page care-reports" aria-labelledby={`${id}-title`}>
      <nav aria-label={t('care.nav')} className="care-nav">
        <Link to={paths.admin}>{t('care.backToDashboard')}</Link>
      </nav>
      <h1 id={`${id}-title`}>{t('care.reports.title')}</h1>
      <p>{t('care.reports.intro')}</p>
      <div className="care-toolbar">
        <div className="form-field">
          <label htmlFor={`${id}-fy`}>{t('care.reports.year')}</label>
          <select id={`${id}-fy`} value={fy} onChange={(e) => setFy(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" onClick={() => void download('csv')}>
          {t('care.reports.csv')}
        </button>
        <button type="button" className="btn" onClick={() => void download('pdf')}>
          {t('care.reports.pdf')}
        </button>
        {/* A year is published once: its figures are not changed after. */}
        {mayUse(user, 'settings.write') && report && state === 'ready' && !report.published && !confirming && (
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
            {t('care.reports.publish', { fy })}
          </button>
        )}
      </div>
      {confirming && (
        <div className="care-subform" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('care.reports.publishConfirm', { fy })}</p>
          <div className="care-buttons">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void publish()}>
              {t('care.reports.publishYes')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('care.cancel')}
            </button>
          </div>
        </div>
      )}
      <Problem text={problem} />
      <Done text={done} />
      {report?.published && state === 'ready' && (
        <p>
          {t('care.reports.isPublished')} <Link to={accountsYearPath(fy)}>{t('care.reports.seePublic')}</Link>
        </p>
      )}
      {state === 'loading' && <p role="status">{t('care.loading')}</p>}
      {state === 'failed' && (
        <p role="alert">
          {t('care.reports.failed')}{' '}
          <button type="button" className="btn btn-small" onClick={() => void answer.refetch()}>
            {t('care.retry')}
          </button>
        </p>
      )}
      {state === 'ready' && report && (
        <Suspense fallback={<p role="status">{t('care.loading')}</p>}>
          <ReportCharts report={report} />
        </Suspense>
      )}
    </section>
  );
}
