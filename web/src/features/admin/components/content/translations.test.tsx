// The Site content in Hindi and Bengali, with the server's answers played
// back by a stand-in fetch: the list of what lacks a translation, the
// translatable settings in Hindi, and an item translated from English.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OwnQueries } from '@/lib/query-client';
import ContentArea from './content-area';

const text = (key: string, label: string, extra: object = {}) => ({ key, label, kind: 'text', required: false, ...extra });
const defs = {
  settings: {
    fields: [
      text('orgName', 'Organisation name', { required: true, translatable: true }),
      { key: 'addressLines', label: 'Address lines', kind: 'list', required: false, translatable: true },
      text('email', 'Email', { format: 'email' }),
    ],
  },
  collections: [{ name: 'faq', title: 'FAQ', fields: [text('question', 'Question', { required: true }), text('answer', 'Answer', { required: true, long: true })] }],
  checklist: [],
};
const translations = {
  languages: ['hi', 'bn'],
  englishItems: 3,
  counts: { hi: { missing: 2, outdated: 0 }, bn: { missing: 1, outdated: 1 } },
  items: [
    { collection: 'settings', _id: 'orgName', label: 'Organisation name', published: true, missing: ['hi'], outdated: ['bn'] },
    { collection: 'faq', _id: 'q1', label: 'Who can join?', published: true, missing: ['hi', 'bn'], outdated: [] },
  ],
};

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

// jsdom has no modal dialogs.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Site content in other languages', () => {
  it('lists what lacks a translation and edits the settings in Hindi', async () => {
    const puts: { url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json(defs);
      if (url === '/api/admin/site/translations') return json(translations);
      if (url === '/api/admin/site/settings?lang=hi' && init?.method === 'PUT') {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        return json({ orgName: 'एसपीडीसी', addressLines: [], __v: 1, language: 'hi', outdated: [] });
      }
      if (url === '/api/admin/site/settings?lang=hi') return json({ orgName: '', addressLines: [], __v: 0, language: 'hi', outdated: [] });
      if (url === '/api/admin/site/settings') return json({ orgName: 'SPDC', addressLines: ['1 Temple Road'], email: 'care@spdc.org', __v: 4 });
      if (url.startsWith('/api/site')) return json({});
      return json({}, 404);
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    const list = await screen.findByText('2 texts lack a translation');
    await user.click(list);
    expect(screen.getByText('हिन्दी: 2 to translate, 0 to check. বাংলা: 1 to translate, 1 to check.')).toBeInTheDocument();
    expect(screen.getByText('Missing in हिन्दी, বাংলা')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Translate Settings: Organisation name into हिन्दी' }));

    expect(await screen.findByRole('heading', { name: 'Settings in हिन्दी' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language you are editing' })).toHaveValue('hi');
    // The English text beside the form; only the translatable fields, none required.
    expect(screen.getByText('1 Temple Road')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    const name = screen.getByLabelText('Organisation name');
    expect(name).not.toBeRequired();
    await user.type(name, 'एसपीडीसी');
    await user.click(screen.getByRole('button', { name: 'Save the हिन्दी version' }));
    await waitFor(() => expect(puts).toEqual([{ url: '/api/admin/site/settings?lang=hi', body: { orgName: 'एसपीडीसी', addressLines: [], __v: 0 } }]));
  });

  it('translates an English item of a collection into Bengali', async () => {
    const posts: unknown[] = [];
    const english = { _id: 'q1', question: 'Who can join?', answer: 'Any elder.', position: 0, published: true, __v: 2, updatedAt: '2026-11-20T10:00:00.000Z' };
    const other = { _id: 'q2', question: 'Is it free?', answer: 'Yes.', position: 1, published: true, __v: 1, updatedAt: '2026-11-21T10:00:00.000Z' };
    const old = { _id: 't2', question: 'এটা কি বিনামূল্যে?', answer: 'হ্যাঁ।', language: 'bn', translationOf: 'q2', position: 0, published: true, __v: 1, updatedAt: '2026-11-20T09:00:00.000Z' };
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/admin/site') return json(defs);
      if (url === '/api/admin/site/translations') return json({ ...translations, items: [] });
      if (url === '/api/admin/site/faq' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json({ _id: 't1' }, 201);
      }
      if (url === '/api/admin/site/faq?lang=en') return json({ items: [english, other], media: {} });
      if (url === '/api/admin/site/faq?lang=bn') return json({ items: [old], media: {} });
      if (url.startsWith('/api/site')) return json({});
      return json({ orgName: 'SPDC', __v: 1 });
    });
    const user = userEvent.setup();
    render(<ContentArea />, { wrapper: OwnQueries });
    expect(await screen.findByText('Everything is translated into Hindi and Bengali.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language you are editing' }), 'bn');
    await user.click(screen.getByRole('button', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'FAQ in বাংলা' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('admin-item'));
    expect(within(items[0]).getByText('Not translated yet')).toBeInTheDocument();
    expect(within(items[1]).getByText('English changed since')).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Edit the বাংলা version of Is it free?' })).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: 'Translate Who can join? into বাংলা' }));
    const dialog = await screen.findByRole('dialog', { name: 'Who can join? in বাংলা', hidden: true });
    expect(within(dialog).getByText('Any elder.', { selector: 'dd' })).toBeInTheDocument();
    const question = within(dialog).getByLabelText(/Question/);
    expect(question).toHaveValue('Who can join?');
    await user.clear(question);
    await user.type(question, 'কে যোগ দিতে পারেন?');
    await user.click(within(dialog).getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(posts).toEqual([{ question: 'কে যোগ দিতে পারেন?', answer: 'Any elder.', published: true, language: 'bn', translationOf: 'q1' }]));
  });
});
