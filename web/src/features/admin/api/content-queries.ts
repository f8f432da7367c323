// The Site content area's reads through TanStack Query (the fetchers are in
// site-admin.ts), each under one key: a save or delete marks stale what it
// changed, and every panel showing it reads it again.
// Each panel reads what the server holds when it opens, as the editor
// always has: a read is dropped as soon as no panel shows it (gcTime 0),
// so a form is never seeded from, nor an item opened for editing out of, a
// copy read on an earlier visit. A form keeps its draft in its own state,
// seeded once from its read: a later read never changes it.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchItems, fetchMedia, fetchSettings, fetchSiteDefs, fetchTranslations } from './site-admin';

export const contentKeys = {
  defs: ['admin', 'content', 'defs'] as const,
  /** settings: the settings in every language. */
  settings: ['admin', 'content', 'settings'] as const,
  /** collection: a collection's items in every language. */
  collection: (name: string) => ['admin', 'content', 'items', name] as const,
  translations: ['admin', 'content', 'translations'] as const,
  media: ['admin', 'content', 'media'] as const,
};

/** settingsQuery reads the settings in English, or the translatable ones in lang. */
export function settingsQuery(lang: string) {
  return queryOptions({ queryKey: [...contentKeys.settings, lang], queryFn: () => fetchSettings(lang), gcTime: 0 });
}

/** itemsQuery reads a collection's items in lang, in their order, with
 * the pictures they use. */
export function itemsQuery(collection: string, lang: string) {
  return queryOptions({ queryKey: [...contentKeys.collection(collection), lang], queryFn: () => fetchItems(collection, lang), gcTime: 0 });
}

/** mediaQuery reads the uploaded pictures once while a form with a
 * picture is open (not again each time its choice opens); an upload is
 * added to the list as the server answered it. */
export function mediaQuery() {
  return queryOptions({ queryKey: contentKeys.media, queryFn: () => fetchMedia(), gcTime: 0, staleTime: Infinity });
}

/** useSiteDefs reads the field definitions and the setup checklist. */
export function useSiteDefs() {
  return useQuery({ queryKey: contentKeys.defs, queryFn: () => fetchSiteDefs(), gcTime: 0 });
}

/** useSettings reads the settings in lang, when enabled. */
export function useSettings(lang: string, enabled = true) {
  return useQuery({ ...settingsQuery(lang), enabled });
}

/** useItems reads a collection's items in lang. */
export function useItems(collection: string, lang: string) {
  return useQuery(itemsQuery(collection, lang));
}

/** useTranslations reads what lacks a Hindi or Bengali translation. */
export function useTranslations() {
  return useQuery({ queryKey: contentKeys.translations, queryFn: () => fetchTranslations(), gcTime: 0 });
}

/** useMedia reads the uploaded pictures once enabled (the picker's choice
 * first opened). */
export function useMedia(enabled: boolean) {
  return useQuery({ ...mediaQuery(), enabled });
}

/** useContentChanged is what a panel calls after a save or a delete: the
 * setup checklist (read with the definitions) and the list of what lacks
 * a translation are read again, and given a collection, its items in
 * every language (deleting an English item deletes its translations). */
export function useContentChanged() {
  const client = useQueryClient();
  return useCallback(
    (collection?: string) => {
      if (collection) void client.invalidateQueries({ queryKey: contentKeys.collection(collection) });
      void client.invalidateQueries({ queryKey: contentKeys.defs });
      void client.invalidateQueries({ queryKey: contentKeys.translations });
    },
    [client],
  );
}
