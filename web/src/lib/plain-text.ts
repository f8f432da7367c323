// The home page shows a few long texts (about, vision, mission, the steps'
// Read More) without loading the Markdown renderer: plainParagraphs
// reduces Markdown to its words, one string per paragraph. It never makes
// markup, so nothing in the text can become HTML or a link.
export function plainParagraphs(md: string): string[] {
  return md
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, ''))
        .join(' ')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]*>/g, '')
        .replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g, '$2')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}
