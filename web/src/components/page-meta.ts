// usePageMeta sets the document title, the meta description and the Open
// Graph title, description and URL of the page being shown.
import { useEffect } from 'react';
import { useLang } from '@/i18n';

const SITE = 'SPDC';

function setMeta(attr: 'name' | 'property', key: string, value: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

/** pageTitle is what the browser tab shows for a page titled title. */
export function pageTitle(title: string): string {
  return title.includes(SITE) ? title : `${title} | ${SITE}`;
}

export function usePageMeta(meta: { title: string; description: string }) {
  // The page is shown again, with its title, in a newly chosen language.
  useLang();
  const { title, description } = meta;
  useEffect(() => {
    const full = pageTitle(title);
    document.title = full;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
  }, [title, description]);
}
