import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { parseSiteData, readEmbedded, resetSiteData, useSite } from './site-data';

const answer = {
  settings: {
    orgName: 'SPDC',
    tagline: 'Care',
    addressLines: ['Line 1', '', 'Line 2'],
    map: { lat: 27.5, lng: 77.6 },
    email: 'care@spdc.test',
    phones: [
      { label: 'Desk', display: '+91 98765 43210', dial: '+919876543210' },
      { label: 'Broken', display: '', dial: '' },
    ],
    social: [
      { network: 'Video', url: 'https://video.test/spdc' },
      { network: 'Bad', url: 'javascript:alert(1)' },
    ],
    bankAccounts: [{ accountName: 'SPDC Trust', bank: 'A Bank', accountNumber: '123', ifsc: 'ABCD0123456' }],
    bannerPoster: { _id: 'm1', kind: 'image', alt: 'Hills', width: 960, height: 540, src: '/uploads/a.jpg', srcset: '/uploads/a.jpg 960w', type: 'image/jpeg' },
    bannerVideo: { _id: 'm2', kind: 'video', src: 'https://elsewhere.test/v.mp4' },
  },
  collections: {
    team: [{ _id: 't1', name: 'Asha', role: 'Coordinator', bio: '**Hi**', photo: null }],
    donors: [
      { _id: 'd1', name: 'Ravi', amount: 500, consent: true },
      { _id: 'd2', name: 'Hidden', consent: false },
    ],
    testimonials: [{ _id: 'x', name: 'N', quote: 'Q', stars: 9 }],
  },
  etag: '"abc"',
};

function embed(text: string, type = 'application/json') {
  const el = document.createElement('script');
  el.id = 'site-data';
  el.type = type;
  el.textContent = text;
  document.body.appendChild(el);
  return el;
}

afterEach(() => {
  cleanup();
  document.getElementById('site-data')?.remove();
  resetSiteData();
  vi.restoreAllMocks();
});

describe('parseSiteData', () => {
  it('keeps what is valid and fills what is missing', () => {
    const d = parseSiteData(answer);
    expect(d.settings.addressLines).toEqual(['Line 1', 'Line 2']);
    expect(d.settings.phones).toEqual([{ label: 'Desk', display: '+91 98765 43210', dial: '+919876543210' }]);
    expect(d.settings.social.map((s) => s.network)).toEqual(['Video']);
    expect(d.settings.bankAccounts[0]).toMatchObject({ accountName: 'SPDC Trust', branch: '', ifsc: 'ABCD0123456' });
    expect(d.settings.map).toEqual({ lat: 27.5, lng: 77.6 });
    expect(d.settings.bannerPoster?.src).toBe('/uploads/a.jpg');
    // A media address outside this site is never used.
    expect(d.settings.bannerVideo).toBeNull();
    expect(d.settings.upiId).toBe('');
    expect(d.settings.reg80G).toEqual({ number: '', date: '', validUntil: '' });
    expect(d.collections.team[0]).toMatchObject({ _id: 't1', name: 'Asha', bio: '**Hi**', photo: null });
    expect(d.collections.donors.map((x) => [x.name, x.amount, x.consent])).toEqual([
      ['Ravi', 500, true],
      ['Hidden', null, false],
    ]);
    expect(d.collections.testimonials[0].stars).toBe(5);
    expect(d.collections.faq).toEqual([]);
    expect(d.etag).toBe('"abc"');
  });

  it('turns anything that is not the answer into an empty site', () => {
    for (const raw of [null, 'x', 42, [], { settings: 'no', collections: [] }]) {
      const d = parseSiteData(raw);
      expect(d.settings.orgName).toBe('');
      expect(d.settings.phones).toEqual([]);
      expect(d.settings.map).toBeNull();
      expect(d.collections.pages).toEqual([]);
    }
  });
});

describe('readEmbedded', () => {
  it('reads the JSON index.html carries', () => {
    embed(JSON.stringify(answer));
    expect(readEmbedded()?.settings.email).toBe('care@spdc.test');
  });

  it('is null without the element, with another type or with broken JSON', () => {
    expect(readEmbedded()).toBeNull();
    const el = embed(JSON.stringify(answer), 'text/plain');
    expect(readEmbedded()).toBeNull();
    el.remove();
    embed('{"settings": ');
    expect(readEmbedded()).toBeNull();
  });
});

describe('useSite', () => {
  it('uses the embedded data without a request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    embed(JSON.stringify(answer));
    const { result } = renderHook(() => useSite());
    expect(result.current?.settings.orgName).toBe('SPDC');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks GET /api/site once when nothing is embedded', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })));
    const a = renderHook(() => useSite());
    const b = renderHook(() => useSite());
    expect(a.result.current).toBeNull();
    await waitFor(() => expect(a.result.current?.settings.email).toBe('care@spdc.test'));
    expect(b.result.current?.settings.email).toBe('care@spdc.test');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/site');
  });

  it('stays empty (null) when the request fails, without throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response('{}', { status: 500 })));
    const { result } = renderHook(() => useSite());
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(result.current).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
