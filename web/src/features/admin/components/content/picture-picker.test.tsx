// The picture picker with the server's answers played back by a stand-in
// fetch: the uploaded pictures are read when the choice first opens, not
// again each time it opens, and an upload joins them and is chosen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OwnQueries } from '@/lib/query-client';
import { PicturePicker } from './picture-picker';

const media = (id: string, kind: 'image' | 'video', alt: string) => ({ _id: id, kind, alt, width: 100, height: 50, src: `/media/${id}`, srcset: '', type: '' });

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function Photo() {
  const [value, setValue] = useState('');
  return <PicturePicker id="photo" label="Photo" required={false} video={false} value={value} onChange={setValue} />;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PicturePicker', () => {
  it('reads the uploaded pictures once and adds an upload to them', async () => {
    let reads = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input) !== '/api/admin/media') return json({}, 404);
      if (init?.method === 'POST') return json(media('m2', 'image', 'Garden'), 201);
      reads++;
      return json({ items: [media('m1', 'image', 'Temple front'), media('v1', 'video', 'A walk')] });
    });
    const user = userEvent.setup();
    render(<Photo />, { wrapper: OwnQueries });
    expect(reads).toBe(0);

    const toggle = screen.getByRole('button', { name: 'Choose or upload photo' });
    await user.click(toggle);
    const choices = () => screen.getByRole('group', { name: 'Or choose an uploaded one' });
    expect(await within(choices()).findByRole('button', { name: 'Temple front' })).toBeInTheDocument();
    expect(within(choices()).queryByRole('button', { name: 'A walk' })).toBeNull();

    await user.click(toggle);
    await user.click(toggle);
    expect(within(choices()).getByRole('button', { name: 'Temple front' })).toBeInTheDocument();
    expect(reads).toBe(1);

    await user.upload(screen.getByLabelText(/Picture file/), new File(['png'], 'garden.png', { type: 'image/png' }));
    await user.type(screen.getByLabelText(/Description for people/), 'Garden');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Picture m2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change photo' }));
    expect(within(choices()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Garden', 'Temple front']);
    expect(within(choices()).getByRole('button', { name: 'Garden' })).toHaveAttribute('aria-pressed', 'true');
    expect(reads).toBe(1);
  });
});
