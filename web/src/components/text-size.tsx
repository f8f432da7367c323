// The header's text-size control: three steps, remembered in localStorage
// across visits. applyStoredTextSize runs before the first render (from
// main.tsx) so the page never jumps.
import { useState } from 'react';

export const TEXT_SIZE_KEY = 'spdc-text-size';
const sizes = [
  { id: 'normal', label: 'Normal text size', glyph: 'A' },
  { id: 'large', label: 'Larger text size', glyph: 'A+' },
  { id: 'largest', label: 'Largest text size', glyph: 'A++' },
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
    <div className="text-size" role="group" aria-label="Text size">
      {sizes.map((s, i) => (
        <button
          key={s.id}
          type="button"
          className={`text-size-btn text-size-${i}`}
          aria-pressed={size === s.id}
          aria-label={s.label}
          title={s.label}
          onClick={() => choose(s.id)}
        >
          <span aria-hidden="true">{s.glyph}</span>
        </button>
      ))}
    </div>
  );
}
