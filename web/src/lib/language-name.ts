// A language's name in the reader's language ("en" is "अंग्रेज़ी" to a
// Hindi reader), from the browser's CLDR data; a code the browser cannot
// name, or an empty one, is shown as it is stored.
import { getLang } from '@/i18n';

export function languageName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([getLang()], { type: 'language', fallback: 'none' }).of(code) ?? code;
  } catch {
    return code;
  }
}
