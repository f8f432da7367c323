// A button that copies one value (an account number, the IFSC code, the UPI
// ID) and says "Copied" both on the button and to a screen reader, so that
// a donor can paste the value into the bank's app without typing it.
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n';

/** copyText puts text on the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  // Older browsers, and pages the browser does not trust with the clipboard:
  // copy through a hidden text area.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** CopyButton copies value; what names the value for a screen reader. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  async function copy() {
    const ok = await copyText(value);
    setState(ok ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 4000);
  }
  return (
    <span className="copy">
      <button type="button" className="btn btn-outline copy-btn" aria-label={t('copy.label', { what })} onClick={copy}>
        {state === 'copied' ? t('copy.copied') : t('copy.copy')}
      </button>
      <span className={state === 'failed' ? 'copy-failed' : 'visually-hidden'} role="status">
        {state === 'copied' ? t('copy.copiedWhat', { what }) : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
