import { describe, expect, it, vi } from 'vitest';
import { createElement, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { ChunkLoadError, page, withTimeout } from './lazy';

describe('withTimeout', () => {
  it('passes a loaded module through', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000)).resolves.toBe(42);
  });
  it('turns a failed import into ChunkLoadError', async () => {
    const err = await withTimeout(Promise.reject(new TypeError('Failed to fetch')), 1000).catch((e) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err.message).toBe('Loading chunk failed');
  });
  it('gives up after the time limit', async () => {
    vi.useFakeTimers();
    const p = withTimeout(new Promise(() => {}), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(p).rejects.toThrow('Loading chunk failed');
    vi.useRealTimers();
  });
});

describe('page', () => {
  it('renders a preloaded page in the first commit, without a fallback', async () => {
    const Page = page(() => Promise.resolve({ default: () => createElement('h1', null, 'Loaded') }));
    await Page.preload();
    render(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Page)));
    expect(screen.getByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('suspends a page that is not loaded yet, then shows it', async () => {
    const Page = page(() => Promise.resolve({ default: () => createElement('h1', null, 'Later') }));
    render(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Page)));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
  });

  it('lets a failed preload through, so the page loads (or fails) when it renders', async () => {
    let calls = 0;
    const Page = page(() => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ default: () => createElement('h1', null, 'Second try') })));
    await expect(Page.preload()).resolves.toBeUndefined();
    render(createElement(Suspense, { fallback: null }, createElement(Page)));
    expect(await screen.findByRole('heading', { name: 'Second try' })).toBeInTheDocument();
  });
});
