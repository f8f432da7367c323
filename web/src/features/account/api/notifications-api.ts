// An admin's way of hearing of new submissions (GET/PUT /api/users/me/notifications).
import { api } from '@/lib/api';

export interface NotifyPrefs {
  /** immediate: a mail per submission; digest: one a day at digestAt. */
  notify: 'immediate' | 'digest';
  /** HH:MM in timeZone. */
  digestAt: string;
  timeZone?: string;
}

export function getNotifyPrefs(signal?: AbortSignal): Promise<NotifyPrefs> {
  return api<NotifyPrefs>('/users/me/notifications', { signal });
}

export function setNotifyPrefs(p: NotifyPrefs): Promise<NotifyPrefs> {
  return api<NotifyPrefs>('/users/me/notifications', { method: 'PUT', body: { notify: p.notify, digestAt: p.digestAt } });
}
