// The Markdown renderer is loaded only by the pages that show long text,
// never with the home page. It starts loading as soon as such a page's
// code does (the server also preloads its file with those pages), so by
// the page's first render it is usually there and the text is rendered at
// once, as the server painted it. Should it still be on its way, the text
// is shown as plain paragraphs (no markup, links as their words): the same
// blocks in the same places, and never one block of the whole text, which
// the browser would count as a new, larger "largest paint" long after the
// page had first painted.
import { Suspense } from 'react';
import { page } from '@/app/lazy';
import { plainParagraphs } from '@/lib/plain-text';

const Renderer = page<{ text: string; className?: string }>(() => import('./markdown'));

/** markdownReady resolves once the renderer has loaded (it starts loading
 * with this module). */
export const markdownReady = Renderer.preload();

export function Markdown({ text, className }: { text: string; className?: string }) {
  if (!text.trim()) return null;
  return (
    <Suspense fallback={<PlainText text={text} className={className} />}>
      <Renderer text={text} className={className} />
    </Suspense>
  );
}

/** PlainText is the text as the renderer is awaited: its paragraphs
 * without markup. */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      {plainParagraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
