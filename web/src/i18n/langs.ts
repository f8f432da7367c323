// The site's languages, shared by the app and the build.

export const LANGS = ['en', 'hi', 'bn'] as const;
export type Lang = (typeof LANGS)[number];

/** LANG_NAMES names each language in its own script, as the switcher shows it. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी', bn: 'বাংলা' };

/** parseLang accepts only a language the site has. */
export function parseLang(v: unknown): Lang | null {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v) ? (v as Lang) : null;
}
