// The server's Content-Security-Policy allows no inline style except the
// stylesheet that sonner (the toast library) inserts when it loads, by its
// hash. These checks fail when a sonner upgrade changes that stylesheet, or
// when inline style creeps into the page's markup.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const middleware = readFileSync(resolve(root, '../internal/httpapi/middleware.go'), 'utf8');

describe('content security policy for styles', () => {
  it("allows exactly sonner's inserted stylesheet by its hash", async () => {
    document.head.querySelectorAll('style').forEach((s) => s.remove());
    await import('sonner');
    const inserted = [...document.head.querySelectorAll('style')].map((s) => s.textContent ?? '');
    expect(inserted).toHaveLength(1);
    const hash = 'sha256-' + createHash('sha256').update(inserted[0], 'utf8').digest('base64');
    expect(middleware).toContain(`const sonnerStyleHash = "${hash}"`);
    expect(middleware).not.toMatch(/style-src[^;"]*unsafe-inline/);
  });

  it('has no style attribute in the page shell', () => {
    const html = readFileSync(resolve(root, 'index.html'), 'utf8');
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/<style/);
  });
});
