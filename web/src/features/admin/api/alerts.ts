// The conditions an admin must act on that hold now, as the server's
// monitor found them: mail failing for an hour, a failed scheduled backup,
// a full disk, a certificate not renewed.
import { api } from './admin';

export const ALERT_KINDS = ['mail_failing', 'backup_failed', 'disk_full', 'certificate'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface OpsAlert {
  kind: AlertKind;
  /** The technical line the monitor found (an error, a percentage). */
  detail: string;
  /** When the condition began (RFC 3339). */
  since: string;
}

export async function fetchAlerts(): Promise<OpsAlert[]> {
  const r = await api<{ alerts: OpsAlert[] }>('/admin/alerts');
  // A kind this page does not know (a newer server) is left out rather
  // than shown without words.
  return r.alerts.filter((a) => (ALERT_KINDS as readonly string[]).includes(a.kind));
}
