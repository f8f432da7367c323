// Devanagari (Hindi) and Bengali letters: Noto Sans, self-hosted from the
// @fontsource packages (SIL Open Font License), only each script's files
// (the unicode-range below) in the two weights the site uses.
//
// They are declared from here, not from a stylesheet, and only once the
// page has painted (this module is loaded then, by useScriptFonts, and
// never on an English page): the first paint shows the text at once in the
// device's own font for the script (every Android phone has one), and the
// download never competes with the page's own code on a slow connection.
// A face the device already has under its own name (local()) is not
// downloaded at all. An English page never declares them, so it never
// downloads them, even though the language switcher shows हिन्दी and
// বাংলা (the visitor's own fonts draw those two words).
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import type { Lang } from './langs';

export interface ScriptFace {
  family: string;
  weight: '400' | '700';
  /** The face's own names, as a device that has it installed knows it. */
  local: readonly string[];
  url: string;
  unicodeRange: string;
}

const DEVANAGARI = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF';
const BENGALI = 'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1';

/** SCRIPT_FACES are, by language, the faces its script needs (none for
 * English, whose letters every device has). */
export const SCRIPT_FACES: Partial<Record<Lang, readonly ScriptFace[]>> = {
  hi: [
    { family: 'Noto Sans Devanagari', weight: '400', local: ['Noto Sans Devanagari Regular', 'NotoSansDevanagari-Regular'], url: devanagari400, unicodeRange: DEVANAGARI },
    { family: 'Noto Sans Devanagari', weight: '700', local: ['Noto Sans Devanagari Bold', 'NotoSansDevanagari-Bold'], url: devanagari700, unicodeRange: DEVANAGARI },
  ],
  bn: [
    { family: 'Noto Sans Bengali', weight: '400', local: ['Noto Sans Bengali Regular', 'NotoSansBengali-Regular'], url: bengali400, unicodeRange: BENGALI },
    { family: 'Noto Sans Bengali', weight: '700', local: ['Noto Sans Bengali Bold', 'NotoSansBengali-Bold'], url: bengali700, unicodeRange: BENGALI },
  ],
};

/** faceSource is a face's src descriptor: the installed face first, then
 * the site's own file. */
export function faceSource(f: ScriptFace): string {
  return [...f.local.map((name) => `local('${name}')`), `url(${f.url}) format('woff2')`].join(', ');
}

const declared = new Set<Lang>();

/** declareScriptFonts declares the faces of l's script to the document,
 * once; the browser fetches a face only when text on the page needs it,
 * and shows that text in a fallback font meanwhile (display swap). */
export function declareScriptFonts(l: Lang, fonts: FontFaceSet | undefined = typeof document === 'undefined' ? undefined : document.fonts): void {
  const faces = SCRIPT_FACES[l];
  if (!faces || declared.has(l) || !fonts || typeof FontFace === 'undefined') return;
  declared.add(l);
  for (const f of faces) {
    fonts.add(new FontFace(f.family, faceSource(f), { weight: f.weight, style: 'normal', display: 'swap', unicodeRange: f.unicodeRange }));
  }
}

/** forgetDeclared is for tests: it lets a language be declared again. */
export function forgetDeclared(): void {
  declared.clear();
}
