// The program's own site as data: settings and published collections,
// read once from the JSON the server embeds in index.html
// (<script type="application/json" id="site-data">), so the first render
// needs no second request. Without it (the Vite dev server) the same
// answer comes from GET /api/site. Every value is checked here, so a page
// can trust the types: a missing list is empty, a missing text is "".
import { useSyncExternalStore } from 'react';
import { getLang } from '@/i18n';

/** MediaRef is an uploaded picture or video as the site shows it. */
export interface MediaRef {
  _id: string;
  kind: 'image' | 'video';
  alt: string;
  width: number;
  height: number;
  src: string;
  srcset: string;
  type: string;
}

export interface Phone {
  label: string;
  display: string;
  dial: string;
}

export interface BankAccount {
  accountName: string;
  bank: string;
  branch: string;
  accountNumber: string;
  accountType: string;
  ifsc: string;
}

export interface SiteSettings {
  orgName: string;
  tagline: string;
  addressLines: string[];
  map: { lat: number; lng: number } | null;
  email: string;
  phones: Phone[];
  social: { network: string; url: string }[];
  bankAccounts: BankAccount[];
  upiId: string;
  upiPayeeName: string;
  trustPan: string;
  reg80G: { number: string; date: string; validUntil: string };
  signatory: { name: string; title: string };
  fcraInstructions: string;
  grievanceOfficer: { name: string; title: string; email: string; phone: string };
  bannerVideo: MediaRef | null;
  bannerPoster: MediaRef | null;
}

interface Item {
  _id: string;
  photo: MediaRef | null;
}
export interface TeamMember extends Item {
  name: string;
  role: string;
  bio: string;
}
export interface Donor extends Item {
  name: string;
  amount: number | null;
  consent: boolean;
}
export interface Volunteer extends Item {
  name: string;
  role: string;
}
export interface Testimonial extends Item {
  name: string;
  place: string;
  quote: string;
  stars: number;
}
export interface Story extends Item {
  title: string;
  date: string;
  place: string;
  body: string;
}
export interface Faq extends Item {
  question: string;
  answer: string;
}
export interface GalleryPicture extends Item {
  alt: string;
}
export interface Feature extends Item {
  title: string;
  text: string;
  icon: string;
}
export interface Step extends Item {
  title: string;
  text: string;
  details: string;
}
export interface Cause extends Item {
  title: string;
  text: string;
  details: string;
}
export interface SitePage extends Item {
  slug: string;
  title: string;
  body: string;
}

export interface SiteCollections {
  team: TeamMember[];
  donors: Donor[];
  volunteers: Volunteer[];
  testimonials: Testimonial[];
  stories: Story[];
  events: Story[];
  faq: Faq[];
  gallery: GalleryPicture[];
  features: Feature[];
  steps: Step[];
  causes: Cause[];
  pages: SitePage[];
}

export interface SiteData {
  settings: SiteSettings;
  collections: SiteCollections;
  etag: string;
  /** The server has no mail server: mail is written to files, not sent. */
  mailToFile?: boolean;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strs = (o: Obj, keys: readonly string[]): Record<string, string> => Object.fromEntries(keys.map((k) => [k, str(o[k])]));

/** media reads a MediaRef; anything without a same-site src is none. */
export function media(v: unknown): MediaRef | null {
  const o = obj(v);
  const src = str(o.src);
  if (!src.startsWith('/')) return null;
  return {
    _id: str(o._id),
    kind: o.kind === 'video' ? 'video' : 'image',
    alt: str(o.alt),
    width: num(o.width) ?? 0,
    height: num(o.height) ?? 0,
    src,
    srcset: str(o.srcset),
    type: str(o.type),
  };
}

// The text fields of each collection's items.
const itemTexts: Record<keyof SiteCollections, readonly string[]> = {
  team: ['name', 'role', 'bio'],
  donors: ['name'],
  volunteers: ['name', 'role'],
  testimonials: ['name', 'place', 'quote'],
  stories: ['title', 'date', 'place', 'body'],
  events: ['title', 'date', 'place', 'body'],
  faq: ['question', 'answer'],
  gallery: ['alt'],
  features: ['title', 'text', 'icon'],
  steps: ['title', 'text', 'details'],
  pages: ['slug', 'title', 'body'],
  causes: ['title', 'text', 'details'],
};

function items(name: keyof SiteCollections, v: unknown): unknown[] {
  return arr(v).map((raw) => {
    const o = obj(raw);
    const it: Obj = { _id: str(o._id), photo: media(o.photo), ...strs(o, itemTexts[name]) };
    if (name === 'donors') {
      it.amount = num(o.amount);
      it.consent = o.consent !== false;
    }
    if (name === 'testimonials') it.stars = Math.min(5, Math.max(1, Math.round(num(o.stars) ?? 5)));
    return it;
  });
}

/** parseSiteData turns the server's answer into SiteData, whatever is missing. */
export function parseSiteData(raw: unknown): SiteData {
  const root = obj(raw);
  const s = obj(root.settings);
  const c = obj(root.collections);
  const map = obj(s.map);
  const lat = num(map.lat);
  const lng = num(map.lng);
  const settings: SiteSettings = {
    ...(strs(s, ['orgName', 'tagline', 'email', 'upiId', 'upiPayeeName', 'trustPan', 'fcraInstructions']) as Pick<
      SiteSettings,
      'orgName' | 'tagline' | 'email' | 'upiId' | 'upiPayeeName' | 'trustPan' | 'fcraInstructions'
    >),
    addressLines: arr(s.addressLines).map(str).filter(Boolean),
    map: lat !== null && lng !== null && (lat !== 0 || lng !== 0) ? { lat, lng } : null,
    phones: arr(s.phones).map((p) => strs(obj(p), ['label', 'display', 'dial']) as unknown as Phone).filter((p) => p.display && p.dial),
    social: arr(s.social).map((p) => strs(obj(p), ['network', 'url']) as { network: string; url: string }).filter((p) => /^https?:\/\//i.test(p.url)),
    bankAccounts: arr(s.bankAccounts)
      .map((b) => strs(obj(b), ['accountName', 'bank', 'branch', 'accountNumber', 'accountType', 'ifsc']) as unknown as BankAccount)
      .filter((b) => b.accountNumber),
    reg80G: strs(obj(s.reg80G), ['number', 'date', 'validUntil']) as SiteSettings['reg80G'],
    signatory: strs(obj(s.signatory), ['name', 'title']) as SiteSettings['signatory'],
    grievanceOfficer: strs(obj(s.grievanceOfficer), ['name', 'title', 'email', 'phone']) as SiteSettings['grievanceOfficer'],
    bannerVideo: media(s.bannerVideo),
    bannerPoster: media(s.bannerPoster),
  };
  const collections = Object.fromEntries(Object.keys(itemTexts).map((k) => [k, items(k as keyof SiteCollections, c[k])])) as unknown as SiteCollections;
  return { settings, collections, etag: str(root.etag), mailToFile: root.mailToFile === true };
}

/** readEmbedded parses the data index.html carries, or null without it. */
export function readEmbedded(doc: Document = document): SiteData | null {
  const el = doc.getElementById('site-data');
  if (!el || el.getAttribute('type') !== 'application/json') return null;
  try {
    return parseSiteData(JSON.parse(el.textContent ?? ''));
  } catch {
    return null;
  }
}

let current: SiteData | null | undefined;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SiteData) {
  current = next;
  listeners.forEach((l) => l());
}

/** refreshSiteData asks GET /api/site again (after an admin's change). */
export function refreshSiteData(): Promise<void> {
  loading = fetch('/api/site', { headers: { Accept: 'application/json', 'Accept-Language': getLang() } })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`GET /api/site: ${r.status}`))))
    .then((raw) => set(parseSiteData(raw)))
    .catch((err: unknown) => console.warn('site data could not be loaded', err))
    .finally(() => {
      loading = null;
    });
  return loading;
}

function snapshot(): SiteData | null {
  if (current === undefined) {
    current = readEmbedded();
    if (!current && !loading) void refreshSiteData();
  }
  return current;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** useSite gives the site's data: null only while it is first fetched. */
export function useSite(): SiteData | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** resetSiteData forgets what was read (tests). */
export function resetSiteData() {
  current = undefined;
  loading = null;
}

/** page finds a page of the site by its slug. */
export function pageOf(data: SiteData | null, slug: string): SitePage | undefined {
  return data?.collections.pages.find((p) => p.slug === slug);
}
