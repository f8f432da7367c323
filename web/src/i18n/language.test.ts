import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileCatalogue } from './compile';
import { chooseLanguage, getLang, initI18n, loadPart, matchLanguage, partReady, setMessages, switchLanguage, t } from '.';
import { api } from '@/lib/api';
import en from './messages/en.json';
import hi from './messages/hi.json';

const clear = () => {
  document.cookie = 'spdc_lang=; path=/; max-age=0';
  localStorage.clear();
  document.getElementById('messages')?.remove();
};

function embed(lang: string, catalogue: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'messages';
  el.dataset.lang = lang;
  el.textContent = JSON.stringify(catalogue);
  document.body.appendChild(el);
}

describe('the language of the page', () => {
  beforeEach(clear);
  afterEach(() => {
    clear();
    vi.unstubAllGlobals();
    setMessages('en', compileCatalogue(en), ['admin']);
  });

  it('takes ?lang= first and remembers it in the cookie and localStorage', () => {
    document.cookie = 'spdc_lang=bn; path=/';
    expect(chooseLanguage(document, '?lang=hi&x=1', ['bn'])).toBe('hi');
    expect(document.cookie).toContain('spdc_lang=hi');
    expect(localStorage.getItem('spdc.lang')).toBe('hi');
  });

  it('ignores an unknown ?lang= and otherwise keeps the remembered choice', () => {
    localStorage.setItem('spdc.lang', 'bn');
    expect(chooseLanguage(document, '?lang=fr', ['hi-IN'])).toBe('bn');
    // localStorage alone puts the choice back into the cookie, for the server.
    expect(document.cookie).toContain('spdc_lang=bn');
  });

  it("follows the server's choice, then the browser's languages, then English", () => {
    embed('bn', {});
    expect(chooseLanguage(document, '', ['hi'])).toBe('bn');
    clear();
    expect(chooseLanguage(document, '', ['fr-FR', 'hi-IN', 'en'])).toBe('hi');
    expect(chooseLanguage(document, '', ['fr', 'de'])).toBe('en');
    expect(matchLanguage(['BN-in'])).toBe('bn');
  });

  it('reads the messages index.html carries and sets <html lang>', async () => {
    embed('hi', compileCatalogue(hi));
    await initI18n();
    expect(getLang()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(t('header.language')).toBe('भाषा');
  });

  it('fetches the messages when the page has none, and English when that fails', async () => {
    localStorage.setItem('spdc.lang', 'bn');
    const fetchMock = vi.fn(async (url: string) => (url.startsWith('/i18n/en.json') ? new Response(JSON.stringify(compileCatalogue(en))) : new Response('', { status: 404 })));
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    expect(fetchMock.mock.calls.map((c) => c[0].split('?')[0])).toEqual(['/i18n/bn.json', '/i18n/en.json']);
    expect(getLang()).toBe('en');
    expect(t('header.language')).toBe('Language');
  });

  it('switches language and sends it with every API request', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url) =>
      url.startsWith('/i18n/') ? new Response(JSON.stringify(compileCatalogue(hi))) : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await switchLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('spdc.lang')).toBe('hi');
    await api('/site');
    const headers = fetchMock.mock.calls.at(-1)![1]!.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('hi');
  });

  it("loads the dashboard's messages apart, in the language shown, and again with each language chosen", async () => {
    const admin = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => k.startsWith('admin.')));
    const site = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => !k.startsWith('admin.')));
    const files: Record<string, unknown> = { en: site(compileCatalogue(en)), 'admin-en': admin(compileCatalogue(en)), hi: site(compileCatalogue(hi)) };
    const fetchMock = vi.fn(async (url: string) => {
      const name = /^\/i18n\/([a-z-]+)\.json/.exec(url)?.[1] ?? '';
      return name in files ? new Response(JSON.stringify(files[name])) : new Response('', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    setMessages('en', files.en as never);
    expect(partReady('admin')).toBe(false);
    expect(t('admin.records')).toBe('admin.records');

    await loadPart('admin');
    expect(fetchMock.mock.calls.map((c) => c[0].split('?')[0])).toEqual(['/i18n/admin-en.json']);
    expect(partReady('admin')).toBe(true);
    expect(t('admin.records')).toBe('Records');
    expect(t('header.language')).toBe('Language');

    // Hindi's dashboard file fails: the site switches and the part waits.
    fetchMock.mockClear();
    await switchLanguage('hi');
    expect(fetchMock.mock.calls.map((c) => c[0].split('?')[0]).sort()).toEqual(['/i18n/admin-hi.json', '/i18n/hi.json']);
    expect(getLang()).toBe('hi');
    expect(partReady('admin')).toBe(false);
    expect(t('admin.records')).toBe('admin.records');
    await expect(loadPart('admin')).rejects.toThrow('/i18n/admin-hi.json: 404');

    files['admin-hi'] = admin(compileCatalogue(hi));
    await loadPart('admin');
    expect(partReady('admin')).toBe(true);
    expect(t('admin.records')).toBe(hi['admin.records']);
    expect(t('header.language')).toBe('भाषा');
  });
});
