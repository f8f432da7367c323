// Markdown shown as plain paragraphs: the home page's long texts, without
// the Markdown renderer.
import { plainParagraphs } from '@/lib/plain-text';

/** Paragraphs shows Markdown as plain paragraphs (the home page). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {plainParagraphs(text).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}
