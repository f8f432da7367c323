// The signed-in person's own data: a copy of it, consent withdrawal, a
// nominee, deleting the account; and each form's privacy notice.
import { t } from '@/i18n';
import { api, ApiError } from '@/lib/api';
import { getToken, clearSession } from '@/lib/session';

export interface ConsentRecord {
  _id: string;
  form: string;
  recordId: string;
  noticeVersion: string;
  language: string;
  method: string;
  givenAt: string;
  withdrawnAt: string | null;
}

export interface Nominee {
  name: string;
  email: string;
  phone: string;
  updatedAt?: string;
}

export interface MyData {
  consents: ConsentRecord[];
  nominee: Nominee | null;
}

export function getMyData(signal?: AbortSignal): Promise<MyData> {
  return api<MyData>('/users/me/export', { signal });
}

/** downloadMyData fetches the copy (JSON or the readable page) with the
 * session and hands it to the browser as a file. */
export async function downloadMyData(format: 'json' | 'html'): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api/users/me/export?format=${format}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    if (res.status === 401) clearSession();
    throw new ApiError(res.status, t('myData.downloadFailed'));
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = format === 'json' ? 'my-data.json' : 'my-data.html';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function withdrawConsent(id: string): Promise<{ message: string; consent: ConsentRecord }> {
  return api(`/users/me/consents/${encodeURIComponent(id)}/withdraw`, { method: 'POST' });
}

export function saveNominee(n: Nominee): Promise<{ message: string; nominee: Nominee | null }> {
  return api('/users/me/nominee', { method: 'PUT', body: n });
}

/** deleteMyAccount erases the account; the caller then forgets the
 * session (after leaving the protected page). */
export async function deleteMyAccount(password: string): Promise<void> {
  await api<null>('/users/me', { method: 'DELETE', body: { password } });
}

export interface NoticeItem {
  field: string;
  label: string;
  purpose: string;
}

export interface PrivacyNoticeData {
  form: string;
  version: string;
  language: string;
  title: string;
  items: NoticeItem[];
  keep: string;
  withdraw: string;
  complain: string;
}

export function getNotice(form: string, signal?: AbortSignal): Promise<PrivacyNoticeData> {
  return api<PrivacyNoticeData>(`/notices/${encodeURIComponent(form)}`, { signal });
}
