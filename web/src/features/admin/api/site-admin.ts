// Fetchers for the dashboard's Site content area: the definitions and the
// setup checklist, the settings record (in English, or the translatable
// settings in Hindi or Bengali), each collection's items in a language,
// their order, what still lacks a translation, and uploaded pictures. Field definitions come from the server, so
// the forms are drawn from the same description that checks every write.
import { ApiError } from '@/lib/api';
import { getToken } from '@/lib/session';
import type { MediaRef } from '@/lib/site-data';
import { api } from './admin';

/** One field as GET /api/admin/site describes it. */
export interface SiteField {
  key: string;
  label: string;
  kind: 'text' | 'bool' | 'list' | 'int' | 'number' | 'object' | 'objects' | string;
  required: boolean;
  maxLength?: number;
  format?: string;
  options?: string[];
  long?: boolean;
  markdown?: boolean;
  range?: { min: number; max: number };
  /** The fields of an object, or of each entry of a list of objects. */
  fields?: SiteField[];
  internal?: boolean;
  /** A text people read: the settings keep a version of it per language. */
  translatable?: boolean;
}

export interface CollectionDef {
  name: string;
  title: string;
  fields: SiteField[];
}

export interface ChecklistItem {
  key: string;
  label: string;
  done: boolean;
}

export interface SiteDefs {
  settings: { fields: SiteField[] };
  collections: CollectionDef[];
  checklist: ChecklistItem[];
}

export type Doc = Record<string, unknown>;

/** SiteItem is an item of a collection as the admin API answers it. */
export interface SiteItem extends Doc {
  _id: string;
  position: number;
  published: boolean;
  __v: number;
  language?: string;
  /** The English item this one translates ("" for an English item). */
  translationOf?: string;
  updatedAt?: string;
}

/** TranslationStatus is a setting (collection "settings", _id its field)
 * or an English item lacking an up-to-date translation. */
export interface TranslationStatus {
  collection: string;
  _id: string;
  label: string;
  published: boolean;
  missing: string[];
  outdated: string[];
}

export interface Translations {
  languages: string[];
  englishItems: number;
  counts: Record<string, { missing: number; outdated: number }>;
  items: TranslationStatus[];
}

/** AdminMedia is an uploaded picture in the picker's list. */
export interface AdminMedia extends MediaRef {
  createdAt?: string;
  usedBy?: string[];
}

export function fetchSiteDefs(): Promise<SiteDefs> {
  return api<SiteDefs>('/admin/site');
}

const settingsPath = (lang: string) => `/admin/site/settings${lang === 'en' ? '' : `?lang=${encodeURIComponent(lang)}`}`;

/** fetchSettings reads the settings in English, or the translatable ones in lang. */
export function fetchSettings(lang = 'en'): Promise<Doc> {
  return api<Doc>(settingsPath(lang));
}

export function saveSettings(doc: Doc, lang = 'en'): Promise<Doc> {
  return api<Doc>(settingsPath(lang), { method: 'PUT', body: doc });
}

export async function fetchTranslations(): Promise<Translations> {
  const res = await api<Partial<Translations>>('/admin/site/translations');
  return {
    languages: Array.isArray(res?.languages) ? res.languages : [],
    englishItems: res?.englishItems ?? 0,
    counts: res?.counts ?? {},
    items: Array.isArray(res?.items) ? res.items : [],
  };
}

const base = (collection: string) => `/admin/site/${encodeURIComponent(collection)}`;

export async function fetchItems(collection: string, lang = 'en'): Promise<{ items: SiteItem[]; media: Record<string, MediaRef> }> {
  const res = await api<{ items?: SiteItem[]; media?: Record<string, MediaRef> }>(`${base(collection)}?lang=${encodeURIComponent(lang)}`);
  const items = Array.isArray(res?.items) ? [...res.items] : [];
  items.sort((a, b) => a.position - b.position);
  return { items, media: res?.media ?? {} };
}

export function createItem(collection: string, doc: Doc): Promise<SiteItem> {
  return api<SiteItem>(base(collection), { method: 'POST', body: doc });
}

export function updateItem(collection: string, doc: SiteItem): Promise<SiteItem> {
  return api<SiteItem>(`${base(collection)}/${encodeURIComponent(doc._id)}`, { method: 'PUT', body: doc });
}

export function deleteItem(collection: string, id: string): Promise<unknown> {
  return api(`${base(collection)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function orderItems(collection: string, ids: string[]): Promise<unknown> {
  return api(`${base(collection)}/order`, { method: 'POST', body: { ids } });
}

export async function fetchMedia(): Promise<AdminMedia[]> {
  const res = await api<{ items?: AdminMedia[] }>('/admin/media');
  return Array.isArray(res?.items) ? res.items : [];
}

/** uploadMedia sends a picture with its description (multipart: file, alt). */
export async function uploadMedia(file: File, alt: string): Promise<AdminMedia> {
  const form = new FormData();
  form.append('file', file);
  form.append('alt', alt);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch('/api/admin/media', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw new ApiError(0, 'Network error: ' + (err instanceof Error ? err.message : String(err)));
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown; fields?: unknown };
    const fields = (body.errors ?? body.fields ?? {}) as Record<string, string>;
    throw new ApiError(res.status, typeof body.message === 'string' ? body.message : '', fields);
  }
  return data as AdminMedia;
}
