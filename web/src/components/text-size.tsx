// The header's text-size control: three steps, remembered in localStorage
// across visits, and in a cookie the server reads to paint the page at the
// chosen size before any script runs. applyStoredTextSize runs before the
// first render (from main.tsx) so the page never jumps.
import { useState } from 'react';
import { useT } from '@/i18n';
import { keepCookie, readCookie } from '@/lib/cookies';

export const TEXT_SIZE_KEY = 'spdc-text-size';
export const TEXT_SIZE_COOKIE = 'spdc_text_size';
const sizes = [
  { id: 'normal', glyph: 'A' },
  { id: 'large', glyph: 'A+' },
  { id: 'largest', glyph: 'A++' },
] as const;
type Size = (typeof sizes)[number]['id'];

function stored(): Size {
  let v: string | null = null;
  try {
    v = localStorage.getItem(TEXT_SIZE_KEY);
  } catch {
    /* storage may be blocked: the cookie still holds the choice */
  }
  v ??= readCookie(TEXT_SIZE_COOKIE);
  return v === 'large' || v === 'largest' ? v : 'normal';
}

/** tellServer keeps the size in the cookie the server paints pages by; the
 * normal size needs none. */
function tellServer(size: Size) {
  keepCookie(TEXT_SIZE_COOKIE, size === 'normal' ? null : size);
}

/** apply sets the size on <html>, only when it changes: writing the
 * attribute re-styles the whole page, and the server has already painted
 * it with the size it was told. */
function apply(size: Size) {
  const now = document.documentElement.dataset.textSize ?? 'normal';
  if (now === size) return;
  if (size === 'normal') delete document.documentElement.dataset.textSize;
  else document.documentElement.dataset.textSize = size;
}

export function applyStoredTextSize() {
  const size = stored();
  apply(size);
  // A size chosen before the cookie existed reaches the server too.
  tellServer(size);
}

export function TextSizeControl() {
  const [size, setSize] = useState<Size>(stored);
  const t = useT();
  function choose(next: Size) {
    setSize(next);
    apply(next);
    tellServer(next);
    try {
      localStorage.setItem(TEXT_SIZE_KEY, next);
    } catch {
      /* the choice still applies to this visit */
    }
  }
  return (
    <div className="text-size" role="group" aria-label={t('textSize.group')}>
      {sizes.map((s, i) => (
        <button
          key={s.id}
          type="button"
          className={`text-size-btn text-size-${i}`}
          aria-pressed={size === s.id}
          aria-label={t(`textSize.${s.id}`)}
          title={t(`textSize.${s.id}`)}
          onClick={() => choose(s.id)}
        >
          <span aria-hidden="true">{s.glyph}</span>
        </button>
      ))}
    </div>
  );
}
