// The Markdown renderer is loaded only by the pages that show long text,
// never with the home page: until its chunk arrives the text is shown as
// it was written, so nothing jumps and nothing is hidden.
import { lazy, Suspense } from 'react';
import { withTimeout } from '@/app/lazy';

const Renderer = lazy(() => withTimeout(import('./markdown')));

export function Markdown({ text, className }: { text: string; className?: string }) {
  if (!text.trim()) return null;
  return (
    <Suspense
      fallback={
        <div className={className ? `markdown ${className}` : 'markdown'} style={{ whiteSpace: 'pre-line' }}>
          {text}
        </div>
      }
    >
      <Renderer text={text} className={className} />
    </Suspense>
  );
}
