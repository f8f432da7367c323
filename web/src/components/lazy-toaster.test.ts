import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast as sonner } from 'sonner';
import { notify, toast } from './lazy-toaster';

vi.mock('sonner', () => {
  const fn = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() });
  return { toast: fn, Toaster: () => null };
});

afterEach(() => vi.clearAllMocks());

describe('lazy toasts', () => {
  it('hands a form toast to sonner with its options, and asks for the toast area', async () => {
    const needed = vi.fn();
    window.addEventListener('spdc:toaster-needed', needed);
    toast.success('Sent', { duration: 2000, id: 'sent' });
    expect(needed).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Sent', { duration: 2000, id: 'sent' }));
    toast.error('Refused');
    await vi.waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Refused', {}));
    window.removeEventListener('spdc:toaster-needed', needed);
  });

  it('notify picks the kind of toast', async () => {
    notify('Please login first', { duration: 2000, kind: 'error' });
    await vi.waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Please login first', { duration: 2000 }));
    notify('Plain');
    await vi.waitFor(() => expect(sonner).toHaveBeenCalledWith('Plain', { duration: undefined }));
  });
});
