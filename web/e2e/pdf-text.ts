// Reads the text of a PDF the server wrote, as a person holding the page
// would: the receipt prints its verification address under its QR code.
// The server's PDFs embed their fonts and draw text as glyph numbers
// (<0036003300270026> TJ); each font carries a ToUnicode map (bfrange and
// bfchar entries) that turns its glyph numbers back into characters.
import { inflateSync } from 'node:zlib';

/** streams returns every stream of the file, inflated where it is compressed. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    const raw = pdf.subarray(start, end);
    let data: Buffer = raw;
    try {
      data = inflateSync(raw);
    } catch {
      /* not compressed */
    }
    out.push(data.toString('latin1'));
  }
  return out;
}

const hex = (h: string) => parseInt(h, 16);

/** toUnicode reads one ToUnicode map: glyph number to character. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      for (let g = hex(m[1]), c = hex(m[3]); g <= hex(m[2]); g++, c++) map.set(g, String.fromCodePoint(c));
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(hex(m[1]), String.fromCodePoint(hex(m[2])));
  }
  return map;
}

/** pdfTexts returns the PDF's text, read once with each font's map, so
 * that whichever font drew a line, one of the readings has it right. */
export function pdfTexts(pdf: Buffer): string[] {
  const all = streams(pdf);
  const maps = all.filter((s) => s.includes('begincmap')).map(toUnicode);
  const runs: string[] = [];
  for (const s of all) {
    if (s.includes('begincmap') || !/\bT[Jj]\b/.test(s)) continue;
    for (const line of s.split('\n')) {
      if (!/\bT[Jj]\s*$/.test(line)) continue;
      runs.push([...line.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1]).join(''));
    }
  }
  return maps.map((map) =>
    runs
      .map((h) => {
        let out = '';
        for (let i = 0; i + 4 <= h.length; i += 4) out += map.get(hex(h.slice(i, i + 4))) ?? '\uFFFD';
        return out;
      })
      .join('\n'),
  );
}
