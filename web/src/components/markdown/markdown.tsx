// Long text written by the program's admins (pages, answers, biographies,
// stories) rendered from Markdown. Raw HTML in the text is never rendered
// (react-markdown drops it with skipHtml), links may only go to http(s),
// mailto: and tel: addresses or to a path of this site, and pictures in
// the text are left out: pictures come from the upload picker, which
// checks and resizes them. A Markdown "# heading" becomes an h2, so the
// page's own title stays the one h1.
import Markdown, { type Components } from 'react-markdown';

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:)/i;

/** safeUrl keeps a link's address when it is allowed, else drops it ("" leaves the text without a link). */
export function safeUrl(url: string): string {
  const u = url.trim();
  if (SAFE_URL.test(u)) return u;
  // A path of this site, but not a protocol-relative //host address.
  if (u.startsWith('/') && !u.startsWith('//') && !u.startsWith('/\\')) return u;
  if (u.startsWith('#')) return u;
  return '';
}

const components: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  a: ({ href, children }) =>
    href ? (
      <a href={href} rel={/^https?:/i.test(href) ? 'noopener noreferrer' : undefined}>
        {children}
      </a>
    ) : (
      <>{children}</>
    ),
};

export default function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown skipHtml urlTransform={(url) => safeUrl(url)} disallowedElements={['img']} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
