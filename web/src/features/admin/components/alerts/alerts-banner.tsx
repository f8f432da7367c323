// The banner at the top of the dashboard: what the admins were also
// mailed about (mail failing, a failed backup, a full disk, a certificate
// not renewed), while it lasts. Nothing shows when all is well, or when
// the list cannot be fetched (the dashboard itself says when the server
// does not answer).
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { fetchAlerts, type OpsAlert } from '../../api/alerts';
import { formatWhen } from '../format';

export function AlertsBanner() {
  const t = useT();
  const alerts = useQuery({
    queryKey: ['admin', 'alerts'],
    queryFn: () =>
      fetchAlerts().catch((err: unknown): OpsAlert[] => {
        console.warn('alerts failed', err);
        return [];
      }),
  }).data ?? [];
  if (alerts.length === 0) return null;
  return (
    <section className="admin-alerts" role="alert" aria-labelledby="admin-alerts-title">
      <h2 id="admin-alerts-title">{t('admin.alerts.title')}</h2>
      <ul>
        {alerts.map((a) => (
          <li key={a.kind}>
            <p>{t(`admin.alerts.${a.kind}`)}</p>
            <p className="admin-alerts-detail">
              {t('admin.alerts.since', { when: formatWhen(a.since) })} · {t('admin.alerts.detail', { detail: a.detail })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
