// The header's text-size control: three steps, remembered in localStorage
// across visits. applyStoredTextSize runs before the first render (from
// main.tsx) so the page never jumps.
import { useState } from 'react';
import { useT } from '@/i18n';

export const TEXT_SIZE_KEY = 'spdc-text-size';
const sizes = [
  { id: 'normal', glyph: 'A' },
  { id: 'large', glyph: 'A+' },
  { id: 'largest', glyph: 'A++' },
] as const;
type Size = (typeof sizes)[number]['id'];

function stored(): Size {
  try {
    const v = localStorage.getItem(TEXT_SIZE_KEY);
    if (v === 'large' || v === 'largest') return v;
  } catch {
    /* storage may be blocked */
  }
  return 'normal';
}

function apply(size: Size) {
  if (size === 'normal') delete document.documentElement.dataset.textSize;
  else document.documentElement.dataset.textSize = size;
}

export function applyStoredTextSize() {
  apply(stored());
}

export function TextSizeControl() {
  const [size, setSize] = useState<Size>(stored);
  const t = useT();
  function choose(next: Size) {
    setSize(next);
    apply(next);
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
