// The review dialog asks two questions: accept the disciple, and
// separately whether to trust the referrer; a lookalike of a directory
// entry is added only once the admin ticks that it is another person.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AddReferrerModal, ReviewModal } from './referrer-modals';

// jsdom has no modal dialogs.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

type Sent = { url: string; body: Record<string, unknown> };

function answer(responses: Array<[number, unknown]>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
      const [status, body] = responses.shift() ?? [200, {}];
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return sent;
}

const lookalike: [number, unknown] = [
  409,
  { message: 'The directory already has a referrer named Keshava Swami with another address.', errors: { name: 'The directory already has a referrer with this name.' } },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = { _id: '0000000000000000000000aa', __v: 3, fullName: 'Madhava Kumar', templePresidentEmail: 'someone.else@example.net' };

describe('ReviewModal', () => {
  it('accepts without trusting the referrer unless asked', async () => {
    const sent = answer([[200, { message: 'The registration is approved. The referrer was not added to the directory.' }]]);
    const done = vi.fn();
    render(<ReviewModal row={row} mode="accept" onClose={() => {}} onDone={done} />);
    expect(screen.getByRole('checkbox', { name: /add this referrer to the directory/ })).not.toBeChecked();
    expect(screen.queryByLabelText(/temple/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent[0].url).toContain('/pending-disciples/0000000000000000000000aa/accept');
    expect(sent[0].body).toEqual({ __v: 3, temple: '', trustReferrer: false, confirmSimilar: false });
  });

  it('trusts the referrer when ticked, and asks before adding a lookalike', async () => {
    const sent = answer([lookalike, [200, {}]]);
    const done = vi.fn();
    render(<ReviewModal row={row} mode="accept" onClose={() => {}} onDone={done} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /add this referrer to the directory/ }));
    fireEvent.change(screen.getByLabelText(/temple/), { target: { value: 'Mayapur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const sure = await screen.findByRole('checkbox', { name: /different person/ });
    expect(screen.getByText('The directory already has a referrer with this name.')).toBeInTheDocument();
    expect(sent[0].body).toEqual({ __v: 3, temple: 'Mayapur', trustReferrer: true, confirmSimilar: false });
    expect(done).not.toHaveBeenCalled();
    fireEvent.click(sure);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent[1].body).toEqual({ __v: 3, temple: 'Mayapur', trustReferrer: true, confirmSimilar: true });
  });
});

describe('AddReferrerModal', () => {
  it('adds a lookalike only once the admin confirms it is another person', async () => {
    const sent = answer([lookalike, [201, { _id: 'x' }]]);
    const saved = vi.fn();
    render(<AddReferrerModal onClose={() => {}} onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Keshava  swami' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /different person/ }));
    expect(sent[0].body.confirmSimilar).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent[1].body).toMatchObject({ name: 'Keshava  swami', confirmSimilar: true });
  });
});
