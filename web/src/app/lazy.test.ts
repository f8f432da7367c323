import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withTimeout } from './lazy';

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
