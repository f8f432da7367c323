// useScriptFonts: the fonts of Hindi and Bengali (see fonts.ts) are
// declared once the page has painted in the language, from a module of
// their own, so the first render's code carries none of them.
import { useEffect } from 'react';
import type { Lang } from './langs';

/** useScriptFonts declares the fonts of the language shown once the page
 * has painted in it (the frame after the next), and again whenever
 * another language is chosen. English needs none. */
export function useScriptFonts(l: Lang): void {
  useEffect(() => {
    if (l === 'en') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void import('./fonts').then(
          (m) => live && m.declareScriptFonts(l),
          () => undefined, // offline: the device's own font stays
        );
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [l]);
}
