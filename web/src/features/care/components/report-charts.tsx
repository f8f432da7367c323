// The figures of one year's report: the headline counts, then a chart for
// each question a trustee asks (who was served, which needs are met, how
// help was given month by month and from which gifts).
import { formatDay } from '@/lib/dates';
import { formatRupees } from '@/lib/india';
import { locales, useT } from '@/i18n';
import { numberFormat } from '@/i18n/format';
import { PURPOSES, SERVICES, type Report } from '../api/care-api';
import { BarChart } from './charts';
import { word } from './shared';

/** monthsOf lists the twelve months of a financial year ("2026-04" … "2027-03"). */
export function monthsOf(fy: string): string[] {
  const start = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 3) % 12) + 1;
    const y = i < 9 ? start : start + 1;
    return `${y}-${String(m).padStart(2, '0')}`;
  });
}

function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locales().date, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

export default function ReportCharts({ report }: { report: Report }) {
  const t = useT();
  const count = (n: number) => numberFormat(locales().number).format(n);
  const services = [...SERVICES.filter((s) => report.needs.some((n) => n.service === s)), ...report.needs.map((n) => n.service).filter((s) => !(SERVICES as readonly string[]).includes(s))];
  const need = (s: string) => report.needs.find((n) => n.service === s);
  const months = monthsOf(report.fy);
  const purposes = [...PURPOSES.filter((p) => report.purposes.some((x) => x.purpose === p) || report.helpByMonth.some((h) => h.purpose === p)), ...report.purposes.map((p) => p.purpose).filter((p) => !(PURPOSES as readonly string[]).includes(p))];
  // Help given in a month: money paid and the value of help in kind.
  const paidIn = (month: string, purpose: string) => report.helpByMonth.filter((h) => h.month === month && h.purpose === purpose).reduce((s, h) => s + h.paidPaise + (h.inKindPaise ?? 0), 0);
  const purposeSums = (p: string) => report.purposes.find((x) => x.purpose === p);
  return (
    <>
      <ul className="care-figures">
        <li>
          <span className="care-figure">{count(report.elders.served)}</span> {t('care.reports.served')}
        </li>
        <li>
          <span className="care-figure">{count(report.elders.new)}</span> {t('care.reports.new')}
        </li>
        {/* Counted on today's due dates, so only in the current year's
            report; a past year's says why it has no count. */}
        {report.overdueAsOf ? (
          <li>
            <span className="care-figure">{count(report.contactsOverdue)}</span> {t('care.reports.overdueOn', { day: formatDay(report.overdueAsOf) })}
          </li>
        ) : (
          <li>{t('care.reports.overdueCurrentOnly')}</li>
        )}
        <li>
          <span className="care-figure">{formatRupees(report.purposes.reduce((s, p) => s + p.paidPaise, 0))}</span> {t('care.reports.helpTotal')}
        </li>
      </ul>
      <BarChart
        title={t('care.reports.eldersChart')}
        categoryLabel={t('care.reports.elders')}
        categories={[t('care.reports.served'), t('care.reports.new')]}
        series={[{ key: 'n', label: t('care.reports.count'), values: [report.elders.served, report.elders.new] }]}
        format={count}
        empty={t('care.reports.nothing')}
      />
      <BarChart
        title={t('care.reports.needsChart')}
        categoryLabel={t('care.field.service')}
        categories={services.map((s) => word('service', s))}
        series={[
          { key: 'open', label: word('need', 'open'), values: services.map((s) => need(s)?.open ?? 0) },
          { key: 'met', label: word('need', 'met'), values: services.map((s) => need(s)?.met ?? 0) },
        ]}
        format={count}
        empty={t('care.reports.nothing')}
      />
      <BarChart
        title={t('care.reports.monthChart')}
        categoryLabel={t('care.reports.month')}
        categories={months.map(monthName)}
        series={purposes.map((p) => ({ key: p, label: word('purpose', p), values: months.map((m) => paidIn(m, p)) }))}
        format={formatRupees}
        stacked
        empty={t('care.reports.nothing')}
      />
      <BarChart
        title={t('care.reports.purposeChart')}
        categoryLabel={t('care.field.purpose')}
        categories={purposes.map((p) => word('purpose', p))}
        series={[
          { key: 'received', label: t('care.funds.received'), values: purposes.map((p) => purposeSums(p)?.receivedPaise ?? 0) },
          { key: 'paid', label: t('care.funds.paid'), values: purposes.map((p) => purposeSums(p)?.paidPaise ?? 0) },
        ]}
        format={formatRupees}
        empty={t('care.reports.nothing')}
      />
    </>
  );
}
