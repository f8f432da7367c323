// The first paint of the list pages once the program has published in
// every list (causes, stories and events, the team, testimonials, donors,
// volunteers), some with photos, through the dashboard's API: the server
// paints every card before any script, the same elements, classes, links
// and words as the app's render, whose text blocks sit to the pixel where
// the painted ones were, and nothing the app draws becomes the page's
// largest paint. In Hindi and Bengali a story's date is the browser's to
// write, so there the paint stops at that story's heading.
//
// The lists are filled on a server of this spec's own: the shared one is
// where other tests show a fresh install's empty lists.
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { logIn, test } from './fixtures';
import { startFresh, type FreshServer } from './fresh-server';
import { appRender, placedBoxes, serverPaint, stoppedAtDate } from './paint';
import { png } from './png';

// Each list page and how its cards are read (tag.class#id).
const lists: Record<string, string> = {
  '/causes': 'li.card.cause-card#',
  '/events': 'li.card.story-card#item-',
  '/team': 'li.card.person-card#',
  '/testimonial': 'li.card.testimonial-card#',
  '/donor': 'li.card.person-card#',
  '/volunteer': 'li.card.person-card#',
};

// The cause's title in each language: its translations are published too.
const causeTitle: Record<string, string> = {
  en: 'Cataract operations for elders',
  hi: 'बुज़ुर्गों के मोतियाबिंद ऑपरेशन',
  bn: 'প্রবীণদের ছানি অপারেশন',
};

// A story long enough to fill a phone's first screen, so that the dated
// story after it, whose text the app alone draws in Hindi and Bengali,
// starts below it.
const longStory = [
  'Bhakti Devi came to the program after a fall left her unable to climb the stairs to her room near the temple. The volunteers found her a room on the ground floor and a nurse who visits every morning.',
  'Within a month she was walking to the **morning programme** again, with a stick and a volunteer at her side, and she now teaches the children of the neighbourhood the songs she learned sixty years ago.',
  'Her family abroad follows her days through the letters the volunteers help her write, and they say she sounds happier than she has in years. [Read how to help](/donation).',
].join('\n\n');

let server: FreshServer;
let api: APIRequestContext;

// The tests read one server's lists in turn.
test.describe.configure({ mode: 'default' });
test.use({ viewport: { width: 412, height: 915 } });

test.beforeAll(async () => {
  server = await startFresh();
  const email = `lists-admin-${Date.now().toString(36)}@spdc-program.in`;
  server.createAdmin(email, 'Lists Admin', 'a long admin passphrase');
  api = await playwrightRequest.newContext({ baseURL: server.base });
  const { token } = await logIn(api, email, 'a long admin passphrase');
  const headers = { Authorization: `Bearer ${token}` };

  const upload = await api.post('/api/admin/media', {
    headers,
    multipart: { alt: 'An elder reading in the sun', file: { name: 'reading.png', mimeType: 'image/png', buffer: png(640, 400) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = ((await upload.json()) as { _id: string })._id;

  const publish = async (collection: string, item: Record<string, unknown>): Promise<string> => {
    const res = await api.post(`/api/admin/site/${collection}`, { headers, data: { ...item, published: true } });
    expect(res.status(), `${collection}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  const causeText = {
    en: 'Restoring sight so that elders can read their scriptures and walk without fear again.',
    hi: 'दृष्टि लौटाना, ताकि बुज़ुर्ग फिर से अपने शास्त्र पढ़ सकें और बिना डर के चल सकें।',
    bn: 'দৃষ্টি ফিরিয়ে দেওয়া, যাতে প্রবীণরা আবার শাস্ত্র পড়তে ও নির্ভয়ে হাঁটতে পারেন।',
  };
  const cause = await publish('causes', { title: causeTitle.en, text: causeText.en, details: 'Each operation costs **one visit**.', photo });
  for (const lang of ['hi', 'bn'] as const) {
    await publish('causes', { language: lang, translationOf: cause, title: causeTitle[lang], text: causeText[lang], photo });
  }
  await publish('causes', { title: 'Warm blankets & <winter> clothes', text: 'Nights in Vrindavan are cold; a blanket lasts five winters.' });
  await publish('stories', { title: 'Back on her feet', body: longStory, photo });
  await publish('stories', { title: 'A festival at the ashram', date: '2026-11-22', body: 'Two hundred devotees shared the **feast**.' });
  await publish('events', { title: 'Kirtan and prasadam', date: '2026-12-01', place: 'Vrindavan' });
  await publish('team', { name: 'Radha Devi', role: 'Program coordinator', bio: 'Serves with **great care**.\n\nShe has visited every elder of the program.', photo });
  await publish('team', { name: 'Gopal Das', role: 'Cook', bio: '' });
  await publish('testimonials', { name: 'Madhavi Dasi', place: 'Mayapur', quote: 'When I fell ill they came every day, with medicine and with kind words.', stars: 4 });
  await publish('donors', { name: 'Gopal Das', amount: 100000, consent: true });
  await publish('donors', { name: 'A well-wisher', consent: true });
  await publish('volunteers', { name: 'Radha Devi', role: 'Driver', photo });
  await publish('volunteers', { name: 'Govinda' });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

for (const lang of ['en', 'hi', 'bn']) {
  for (const [route, card] of Object.entries(lists)) {
    const path = lang === 'en' ? route : `${route}?lang=${lang}`;
    test(`${path} with published items: the server paints the cards the app draws`, async ({ browser, page }) => {
      const url = server.base + path;
      const paint = await serverPaint(browser, url);
      expect(paint, 'the server painted no <main>').not.toBeNull();
      const { painted, blocks } = paint!;
      const cards = painted.elements.filter((e) => e.startsWith(card));
      expect(cards.length, painted.elements.join('\n')).toBeGreaterThanOrEqual(route === '/testimonial' ? 1 : 2);
      if (route === '/causes') expect(painted.elements.join('\n')).toContain(`h3.#[] ${JSON.stringify(causeTitle[lang])}`);

      const { app, appPaints } = await appRender(page, url, painted, blocks);
      expect(app.elements.slice(0, painted.elements.length)).toEqual(painted.elements);
      const stopped = stoppedAtDate(route, lang, painted, app);
      expect(placedBoxes(app.boxes, painted, stopped)).toEqual(placedBoxes(painted.boxes, painted, stopped));
      if (stopped) {
        // Painted down to the dated story's heading, the first story's
        // text included.
        expect(lang).not.toBe('en');
        expect(painted.elements.at(-1)).toBe('h3.#[] "A festival at the ashram"');
        expect(painted.elements.join('\n')).toContain('strong.#[] "morning programme"');
      } else {
        // Every card painted: the app draws nothing the server did not.
        expect(route === '/events' && lang !== 'en', 'the Hindi or Bengali date was painted').toBe(false);
        expect(app.elements).toEqual(painted.elements);
      }
      // The first story fills the first screen: even where the app draws
      // the dated story's text, none of the page's largest paints is the
      // app's.
      expect(appPaints).toEqual([]);
    });
  }
}
