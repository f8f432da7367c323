import { afterEach, describe, expect, it, vi } from 'vitest';
import '../testing/messages';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostCapacity } from './host-capacity';

const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a host’s capacity beside a stay', () => {
  it('says how many the host takes, shows the server’s message for a wrong number, and keeps a new one', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input)).toBe('/api/admin/hosts/h1/capacity');
      const body = JSON.parse(String(init?.body)) as { capacity: string };
      sent.push(body);
      return body.capacity === '0' ? json({ message: 'Please check the fields.', errors: { capacity: 'Please enter a number from 1 to 50.' } }, 400) : json({ capacity: 3 });
    });
    const changed = vi.fn();
    render(<HostCapacity host={{ _id: 'h1', fullName: 'Host Family', capacity: 1 }} onChanged={changed} />);
    expect(screen.getByText(/This host takes 1 elder at a time\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const box = screen.getByLabelText('Elders this host takes at a time');
    await user.clear(box);
    await user.type(box, '0');
    await user.click(screen.getByRole('button', { name: 'Save the number' }));
    expect(await screen.findByText('Please enter a number from 1 to 50.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(changed).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, ' 3 ');
    await user.click(screen.getByRole('button', { name: 'Save the number' }));
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith(3));
    expect(sent).toEqual([{ capacity: '0' }, { capacity: '3' }]);
  });
});
