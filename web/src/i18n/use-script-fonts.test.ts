import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useScriptFonts } from './use-script-fonts';

const declared = vi.hoisted(() => [] as string[]);
vi.mock('./fonts', () => ({ declareScriptFonts: (l: string) => declared.push(l) }));

describe('useScriptFonts', () => {
  it('declares a script language’s fonts after the page has painted, and again for the next language', async () => {
    const { rerender } = renderHook(({ l }) => useScriptFonts(l), { initialProps: { l: 'hi' as 'hi' | 'bn' | 'en' } });
    expect(declared).toEqual([]); // not during the render itself
    await waitFor(() => expect(declared).toEqual(['hi']));
    rerender({ l: 'en' });
    rerender({ l: 'bn' });
    await waitFor(() => expect(declared).toEqual(['hi', 'bn']));
  });
});
