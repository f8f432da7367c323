import { afterEach, describe, expect, it, vi } from 'vitest';
import { declareScriptFonts, faceSource, forgetDeclared, SCRIPT_FACES } from './fonts';

// jsdom has no FontFace: a stand-in records what the page would declare.
class FakeFontFace {
  constructor(
    public family: string,
    public source: string,
    public descriptors: FontFaceDescriptors,
  ) {}
}

function fakeSet() {
  const added: FakeFontFace[] = [];
  return { added, set: { add: (f: FakeFontFace) => added.push(f) } as unknown as FontFaceSet };
}

afterEach(() => {
  forgetDeclared();
  vi.unstubAllGlobals();
});

describe('script fonts', () => {
  it('declares the two Devanagari weights for Hindi, swapping, for its letters only', () => {
    vi.stubGlobal('FontFace', FakeFontFace);
    const { added, set } = fakeSet();
    declareScriptFonts('hi', set);
    expect(added.map((f) => [f.family, f.descriptors.weight, f.descriptors.display])).toEqual([
      ['Noto Sans Devanagari', '400', 'swap'],
      ['Noto Sans Devanagari', '700', 'swap'],
    ]);
    expect(added[0].descriptors.unicodeRange).toContain('U+0900-097F');
    expect(added[0].source).toMatch(/^local\('Noto Sans Devanagari Regular'\), local\('NotoSansDevanagari-Regular'\), url\(.+\.woff2\) format\('woff2'\)$/);
  });

  it('declares Bengali for Bengali, nothing for English, and each language once', () => {
    vi.stubGlobal('FontFace', FakeFontFace);
    const { added, set } = fakeSet();
    declareScriptFonts('en', set);
    expect(added).toHaveLength(0);
    declareScriptFonts('bn', set);
    declareScriptFonts('bn', set);
    expect(added.map((f) => f.family)).toEqual(['Noto Sans Bengali', 'Noto Sans Bengali']);
    expect(added[1].descriptors.unicodeRange).toContain('U+0980-09FE');
  });

  it('does nothing in a browser without the font loading API', () => {
    const { added, set } = fakeSet();
    declareScriptFonts('hi', set);
    expect(added).toHaveLength(0);
  });

  it('lists the installed face before the site file', () => {
    const face = SCRIPT_FACES.bn![1];
    expect(faceSource(face).startsWith("local('Noto Sans Bengali Bold')")).toBe(true);
    expect(faceSource(face).endsWith("format('woff2')")).toBe(true);
  });
});
