import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import MarkdownText, { safeUrl } from './markdown';
import { Markdown, markdownReady, PlainText } from './index';

afterEach(cleanup);

function html(md: string) {
  const { container } = render(<MarkdownText text={md} />);
  return container;
}

describe('safeUrl', () => {
  it.each([
    ['https://example.test/a', 'https://example.test/a'],
    ['http://example.test', 'http://example.test'],
    ['mailto:care@spdc.test', 'mailto:care@spdc.test'],
    ['tel:+919876543210', 'tel:+919876543210'],
    ['/donation', '/donation'],
    ['javascript:alert(1)', ''],
    [' JavaScript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['vbscript:x', ''],
    ['//evil.test/x', ''],
    ['ftp://files.test', ''],
  ])('%s → %s', (url, want) => {
    expect(safeUrl(url)).toBe(want);
  });
});

describe('MarkdownText', () => {
  it('renders emphasis, lists and allowed links', () => {
    const c = html('Some **bold** text.\n\n- one\n- two\n\n[Write](mailto:care@spdc.test) [Call](tel:+911) [Site](https://spdc.test)');
    expect(c.querySelector('strong')?.textContent).toBe('bold');
    expect(c.querySelectorAll('li')).toHaveLength(2);
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['mailto:care@spdc.test', 'tel:+911', 'https://spdc.test']);
    expect(c.querySelector('a[href^="https"]')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops a javascript: link but keeps its words', () => {
    const c = html('[click me](javascript:alert(1)) and <javascript:alert(2)>');
    expect(c.querySelector('a[href]')).toBeNull();
    expect(c.textContent).toContain('click me');
    // The autolink's address stays as words, never as a link.
    expect(c.querySelectorAll('a')).toHaveLength(0);
    expect(c.innerHTML).not.toContain('href');
  });

  it('never renders raw HTML', () => {
    const c = html('<script>alert(1)</script>\n\n<b onclick="x()">bold?</b> <img src=x onerror=alert(1)>\n\n<iframe src="https://evil.test"></iframe>');
    expect(c.querySelector('script, b, img, iframe')).toBeNull();
    expect(c.innerHTML).not.toMatch(/onclick|onerror|<script/);
  });

  it('escapes the words it copies, in text and in addresses', () => {
    const c = html('5 < 6 & "quotes" \\<b>not bold\\</b>\n\n[a](https://a.test/"onmouseover="alert(1)) [b](/x?a=1&b=<2> "a title")');
    expect(c.querySelector('b')).toBeNull();
    expect(c.textContent).toContain('5 < 6 & "quotes" <b>not bold</b>');
    const links = [...c.querySelectorAll('a')];
    expect(links.map((a) => a.getAttributeNames().sort())).toEqual([['href', 'rel'], ['href']]);
    expect(links[0].getAttribute('href')).toBe('https://a.test/"onmouseover="alert(1)');
  });

  it('leaves out pictures and turns a top heading into an h2', () => {
    const c = html('# Title\n\n![a cat](https://example.test/cat.png)\n\n## Part');
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('h1')).toBeNull();
    expect([...c.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Title', 'Part']);
  });
});

describe('Markdown while its renderer loads', () => {
  it('shows the plain paragraphs the server painted, never one block of the whole text', () => {
    const { container } = render(<PlainText text={'Your **gift** pays\nfor medicine.\n\nSee [our team](/team).'} />);
    const box = container.querySelector('.markdown');
    expect([...(box?.children ?? [])].map((e) => [e.tagName, e.textContent])).toEqual([
      ['P', 'Your gift pays for medicine.'],
      ['P', 'See our team.'],
    ]);
    expect(box?.getAttribute('style')).toBeNull();
  });
});

describe('Markdown once its renderer has loaded', () => {
  it('renders the text at once, lists and all, without a plain first render', async () => {
    await markdownReady;
    const { container } = render(<Markdown text={'Help:\n\n- food\n- medicine'} />);
    expect([...(container.querySelector('.markdown')?.children ?? [])].map((e) => e.tagName)).toEqual(['P', 'UL']);
  });
});
