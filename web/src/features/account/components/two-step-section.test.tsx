import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import TwoStepSection from './two-step-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function answer(status: { enabled: boolean; required: boolean; recoveryCodesLeft: number }) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(status), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

describe('the two-step card of My Account', () => {
  it('offers staff to set it up', async () => {
    answer({ enabled: false, required: false, recoveryCodesLeft: 0 });
    render(<TwoStepSection staff />);
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('stays with someone who lost their staff roles while it is on, so they can turn it off', async () => {
    answer({ enabled: true, required: false, recoveryCodesLeft: 7 });
    render(<TwoStepSection staff={false} />);
    expect(await screen.findByRole('button', { name: 'Turn off two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText('7 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up two-step sign-in' })).toBeNull();
  });

  it('shows nothing to someone who is not staff and never set it up', async () => {
    answer({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const { container } = render(<TwoStepSection staff={false} />);
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('#two-step')).toBeNull();
  });
});
