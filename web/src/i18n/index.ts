// The language of the site and its messages. The messages of the chosen
// language only are in the browser: the server puts them in index.html as
// <script type="application/json" id="messages" data-lang="hi">, so the
// first render needs no request; without it (the Vite dev server) they are
// fetched from /i18n/<lang>.json, the build's copy of each catalogue, as
// they are when the person picks another language. The dashboard's own
// messages are a part apart (/i18n/admin-<lang>.json), loaded by loadPart
// when it opens and again with each language chosen after that.
//
// The choice, strongest first: ?lang= in the address, the cookie
// spdc_lang, localStorage spdc.lang, the language the server chose for the
// page, the browser's languages, English. A choice the person makes is kept
// in the cookie (so the server answers in it too) and in localStorage.
import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { render, type Compiled, type Locales, type Values } from './format';
import { parseLang, type Lang } from './langs';
import { keepCookie, readCookie } from '@/lib/cookies';

export { LANGS, LANG_NAMES, parseLang, type Lang } from './langs';

// Numbers in Indian grouping in every language, with the digits people type
// into the forms (Bengali's own digits are not used, so an amount or a phone
// number reads the same on the page and in the box). English dates keep
// the site's "Nov 22, 2026".
const LOCALES: Record<Lang, Locales> = {
  en: { number: 'en-IN', date: 'en-US' },
  hi: { number: 'hi-IN', date: 'hi-IN' },
  bn: { number: 'bn-IN-u-nu-latn', date: 'bn-IN-u-nu-latn' },
};

export const COOKIE = 'spdc_lang';
export const STORAGE_KEY = 'spdc.lang';

export type Catalogue = Record<string, Compiled>;

let lang: Lang = 'en';
let messages: Catalogue = {};
let version = 0;
const listeners = new Set<() => void>();
// The parts of the catalogue in use, each with the language its messages
// are in (null while they are not in messages).
const parts = new Map<string, Lang | null>();

/** matchLanguage picks the first of the browser's languages the site has
 * ("hi-IN" is Hindi). */
export function matchLanguage(prefs: readonly string[]): Lang | null {
  for (const p of prefs) {
    const l = parseLang(p.toLowerCase().split('-')[0]);
    if (l) return l;
  }
  return null;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** remember keeps the person's choice for the next visits. */
export function remember(l: Lang) {
  keepCookie(COOKIE, l);
  try {
    localStorage.setItem(STORAGE_KEY, l);
  } catch {
    /* private browsing: the cookie still holds it */
  }
}

function embedded(doc: Document): { lang: Lang | null; el: HTMLElement | null } {
  const el = doc.getElementById('messages');
  return el && el.getAttribute('type') === 'application/json' ? { lang: parseLang(el.dataset.lang), el } : { lang: null, el: null };
}

/** chooseLanguage works out the page's language (see the top of this file). */
export function chooseLanguage(doc: Document = document, search = location.search, browser: readonly string[] = navigator.languages ?? []): Lang {
  const fromUrl = parseLang(new URLSearchParams(search).get('lang'));
  if (fromUrl) {
    remember(fromUrl);
    return fromUrl;
  }
  const saved = parseLang(readCookie(COOKIE)) ?? parseLang(readStored());
  if (saved) {
    // Either one keeps the other, so the server's choice matches next time.
    if (parseLang(readCookie(COOKIE)) !== saved) remember(saved);
    return saved;
  }
  return embedded(doc).lang ?? matchLanguage(browser) ?? 'en';
}

/** getLang is the language being shown. */
export function getLang(): Lang {
  return lang;
}

/** locales are the Intl locales of the language being shown. */
export function locales(): Locales {
  return LOCALES[lang];
}

/** setMessages shows lang with its compiled catalogue, which holds the
 * parts named in withParts too, and re-renders. */
export function setMessages(l: Lang, catalogue: Catalogue, withParts: readonly string[] = []) {
  lang = l;
  messages = catalogue;
  for (const p of parts.keys()) parts.set(p, null);
  for (const p of withParts) parts.set(p, l);
  version++;
  // Set only when it changes: the browser re-styles every element of the
  // page when <html lang> is written, even with the same value, and the
  // page the server painted already has it.
  if (document.documentElement.lang !== l) document.documentElement.lang = l;
  listeners.forEach((f) => f());
}

// The build's catalogues change with each release; the build stamps their
// hash on the address so an old copy is never used.
declare const __I18N_VERSION__: string;
const stamp = typeof __I18N_VERSION__ === 'string' ? __I18N_VERSION__ : '';

/** fetchCatalogue fetches one language's messages from the build: the
 * site's, or those of a part ("admin"). */
export async function fetchCatalogue(l: Lang, part = ''): Promise<Catalogue> {
  const file = `/i18n/${part && `${part}-`}${l}.json`;
  // A plain request, as the page's preload hint for the file makes it, so
  // the browser answers it with what the hint has already fetched.
  const res = await fetch(`${file}${stamp ? `?v=${stamp}` : ''}`);
  if (!res.ok) throw new Error(`${file}: ${res.status}`);
  return (await res.json()) as Catalogue;
}

/** partReady reports whether the messages of part are there in the
 * language being shown. */
export function partReady(part: string): boolean {
  return parts.get(part) === lang;
}

/** loadPart adds the messages of part in the language being shown; from
 * then on each change of language brings them too. It rejects when they
 * cannot be fetched. */
export async function loadPart(part: string): Promise<void> {
  if (!parts.has(part)) parts.set(part, null);
  if (partReady(part)) return;
  const l = lang;
  const c = await fetchCatalogue(l, part);
  // A language chosen meanwhile brought its own copy.
  if (l !== lang || partReady(part)) return;
  setMessages(l, { ...messages, ...c }, [...parts].filter(([p, pl]) => p === part || pl === l).map(([p]) => p));
}

/** initI18n chooses the language and makes its messages ready before the
 * first render; the address keeps everything but its lang= (so a later
 * choice is not overridden on reload). */
export async function initI18n(doc: Document = document): Promise<void> {
  const l = chooseLanguage(doc);
  const url = new URL(location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  const { lang: shipped, el } = embedded(doc);
  if (el && shipped === l) {
    try {
      setMessages(l, JSON.parse(el.textContent ?? '') as Catalogue);
      return;
    } catch {
      /* fetched below */
    }
  }
  try {
    setMessages(l, await fetchCatalogue(l));
  } catch (err) {
    console.warn('messages could not be loaded', err);
    if (l !== 'en') {
      try {
        setMessages('en', await fetchCatalogue('en'));
        return;
      } catch {
        /* nothing more to try */
      }
    }
    setMessages('en', {});
  }
}

let switching: Promise<void> | null = null;

/** switchLanguage shows l, fetching its messages and those of the parts
 * in use, and remembers it. A part that cannot be fetched is left out (its
 * screen offers to try again); the site's messages failing keeps the
 * language as it was. */
export function switchLanguage(l: Lang): Promise<void> {
  remember(l);
  if (l === lang && Object.keys(messages).length > 0) return Promise.resolve();
  const inUse = [...parts.keys()];
  const p = Promise.all([fetchCatalogue(l), ...inUse.map((part) => fetchCatalogue(l, part).catch(() => null))]).then(([c, ...more]) => {
    if (switching === p) setMessages(l, Object.assign({}, c, ...more), inUse.filter((_, i) => more[i]));
  });
  switching = p;
  return p.finally(() => {
    if (switching === p) switching = null;
  });
}

/** t gives the message key in the language being shown, with values put
 * in; a key without a message shows as itself, so it is noticed. */
export function t(key: string, values: Values = {}): string {
  const m = messages[key];
  if (m === undefined) return key;
  return typeof m === 'string' ? m : render<string>(m, values, LOCALES[lang]).join('');
}

/** hasMessage reports whether the catalogue has key. */
export function hasMessage(key: string): boolean {
  return key in messages;
}

/** tn renders a message whose <tag> parts become nodes (a link inside a sentence). */
export function tn(key: string, values: Values, tags: Record<string, (children: ReactNode[]) => ReactNode>): ReactNode {
  const m = messages[key];
  if (m === undefined) return key;
  return createElement(Fragment, null, ...render<ReactNode>(m, values, LOCALES[lang], tags));
}

function subscribe(f: () => void) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** onLanguageChange calls f after each change of language. */
export const onLanguageChange = subscribe;

/** useLang re-renders the component when the language changes. */
export function useLang(): Lang {
  useSyncExternalStore(subscribe, () => version);
  return lang;
}

/** useT is t for a component: it re-renders it in a newly chosen language. */
export function useT(): typeof t {
  useLang();
  return t;
}
