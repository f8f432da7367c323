// Pure helpers of the Site content forms: empty values drawn from the
// server's field definitions, the body a save sends, moving an item in a
// list, reading the server's field errors ("phones.0.dial") and naming an
// item and the public page that shows it.
import { t } from '@/i18n';
import type { Doc, SiteField } from '../../api/site-admin';

/** isMedia: the field holds the id of an uploaded picture or video. */
export const isMedia = (f: SiteField) => f.format === 'media' || f.format === 'video';

/** emptyValue is what a new record holds in a field before it is filled. */
export function emptyValue(f: SiteField): unknown {
  switch (f.kind) {
    case 'bool':
      return false;
    case 'int':
    case 'number':
      return null;
    case 'list':
    case 'objects':
      return [];
    case 'object':
      return emptyDoc(f.fields ?? []);
    default:
      return '';
  }
}

/** emptyDoc is a new record of these fields. */
export function emptyDoc(fields: SiteField[]): Doc {
  return Object.fromEntries(fields.map((f) => [f.key, emptyValue(f)]));
}

/** withDefaults fills the fields a stored record lacks (added since it was
 * saved, or left out as empty), keeping everything else it holds. */
export function withDefaults(fields: SiteField[], doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const f of fields) {
    const v = doc[f.key];
    if (v === undefined || v === null) out[f.key] = emptyValue(f);
    else if (f.kind === 'object' && typeof v === 'object') out[f.key] = withDefaults(f.fields ?? [], v as Doc);
  }
  return out;
}

/** bodyOf keeps the defined fields of a record and the keys the server
 * needs to place and check it (published, __v). */
export function bodyOf(fields: SiteField[], doc: Doc, extra: readonly string[] = ['published', '__v']): Doc {
  const out: Doc = {};
  for (const f of fields) if (f.key in doc) out[f.key] = doc[f.key];
  for (const k of extra) if (k in doc) out[k] = doc[k];
  return out;
}

/** moveItem returns the list with the entry at from moved to to. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/** parseNumber reads a number input: "" is no value, anything else a number or NaN. */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return Number(t);
}

/** hasErrorUnder says whether the server refused path or anything inside it. */
export function hasErrorUnder(errors: Record<string, string>, path: string): boolean {
  return Object.keys(errors).some((k) => k === path || k.startsWith(path + '.'));
}

/** domId turns a field path into an element id. */
export function domId(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** itemTitle names an item in the list and in its buttons' labels. */
export function itemTitle(item: Doc): string {
  for (const k of ['name', 'title', 'question', 'alt', 'slug']) {
    const v = item[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return t('admin.content.untitled');
}

const pagePaths: Record<string, string> = {
  about: '/aboutus',
  vision: '/aboutus',
  mission: '/aboutus',
  privacy: '/privacypolicy',
  terms: '/teamcondition',
  donation: '/donation',
};

const collectionPaths: Record<string, string> = {
  team: '/team',
  donors: '/donor',
  volunteers: '/volunteer',
  testimonials: '/testimonial',
  stories: '/events',
  events: '/events',
  faq: '/faq',
  gallery: '/',
  features: '/',
  steps: '/implementationProcess',
  causes: '/causes',
};

/** previewPath is the public page that shows a collection (or one page). */
export function previewPath(collection: string, item?: Doc): string {
  if (collection === 'settings') return '/contactus';
  if (collection === 'pages') return pagePaths[String(item?.slug ?? '')] ?? '/aboutus';
  if (collection === 'events' && item?._id) return `/eventdetails?id=${encodeURIComponent(String(item._id))}`;
  if (collection === 'causes' && item?._id) return `/causesdetails?id=${encodeURIComponent(String(item._id))}`;
  return collectionPaths[collection] ?? '/';
}

/** firstErrorId is the id of the first refused field in the form, to focus it. */
export function firstErrorId(prefix: string, errors: Record<string, string>, order: string[]): string | null {
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  const pos = (k: string) => {
    const i = order.findIndex((o) => k === o || k.startsWith(o + '.'));
    return i < 0 ? order.length : i;
  };
  keys.sort((a, b) => pos(a) - pos(b));
  return domId(prefix, keys[0]);
}
