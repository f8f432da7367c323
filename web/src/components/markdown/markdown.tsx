// Long text written by the program's admins (pages, answers, biographies,
// stories) rendered from Markdown. Raw HTML in the text is never rendered
// (its tags are dropped, their words kept), links may only go to http(s),
// mailto: and tel: addresses or to a path of this site, and pictures in
// the text are left out: pictures come from the upload picker, which
// checks and resizes them. A Markdown "# heading" becomes an h2, so the
// page's own title stays the one h1. The renderer (marked) writes HTML
// text, escaping every word it copies from the Markdown; only the tags
// below are written by this file.
import { Marked } from 'marked';

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

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

function attr(value: string): string {
  return value.replace(/[&"<>']/g, (c) => ATTR_ESCAPES[c]);
}

const renderer = new Marked({ gfm: true, async: false }).use({
  renderer: {
    html: () => '',
    image: () => '',
    heading({ tokens, depth }) {
      const level = Math.max(depth, 2);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, tokens }) {
      const words = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (!url) return words;
      const rel = /^https?:/i.test(url) ? ' rel="noopener noreferrer"' : '';
      return `<a href="${attr(url)}"${rel}>${words}</a>`;
    },
  },
});

/** markdownHTML is the text's HTML as this file allows it. */
export function markdownHTML(text: string): string {
  return renderer.parse(text) as string;
}

export default function MarkdownText({ text, className }: { text: string; className?: string }) {
  return <div className={className ? `markdown ${className}` : 'markdown'} dangerouslySetInnerHTML={{ __html: markdownHTML(text) }} />;
}
