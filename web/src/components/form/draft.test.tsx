import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@/lib/api';
import { ClearFormButton, DraftNotice, ErrorSummary, TextInput, useFormSubmit } from './form-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

type V = { name: string; password: string };
const EMPTY: V = { name: '', password: '' };

/** A form with a draft, built from the kit as the real forms are. */
function Demo() {
  const [values, setValues] = useState<V>(EMPTY);
  const { errors, busy, submit, summary, draft } = useFormSubmit<V>({
    prefix: 'demo',
    order: ['name', 'password'],
    values,
    draft: { form: 'demo', empty: EMPTY, setValues },
    validate: (v) => (v.name ? {} : { name: 'Please enter your name.' }),
    send: async (v) => {
      await api('/demo', { method: 'POST', body: v });
    },
    failed: () => {},
  });
  return (
    <form noValidate onSubmit={(e) => submit(e)}>
      <DraftNotice draft={draft} />
      <ErrorSummary {...summary} />
      <TextInput id="demo-name" label="Name" value={values.name} onChange={(e) => setValues((s) => ({ ...s, name: e.target.value }))} error={errors.name} />
      <TextInput id="demo-password" label="Password" type="password" value={values.password} onChange={(e) => setValues((s) => ({ ...s, password: e.target.value }))} />
      <button type="submit" disabled={busy}>
        Send
      </button>
      <ClearFormButton draft={draft} />
    </form>
  );
}

describe('a form with a draft', () => {
  it('puts back what was typed by itself on return, without the password, and says so', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Password'), 'secret words');
    cleanup();

    render(<Demo />);
    expect(screen.getByText(/^We put back what you typed on [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // The notice comes before the first field, where the person looks.
    const notice = screen.getByRole('region', { name: 'What you typed before' });
    expect(notice.compareDocumentPosition(screen.getByLabelText('Name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('discards the draft when asked, which can be undone, and forgets it', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    cleanup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Discard it and start again' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByText(/We put back what you typed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo: put back what I typed' })).toBeInTheDocument();
    cleanup();
    render(<Demo />);
    expect(screen.queryByText(/We put back what you typed/)).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('clears the form with a visible button, which can be undone', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Clear this form' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(localStorage.length).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Undo: put back what I typed' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
  });

  it('says plainly when the server cannot be reached, keeps everything, and forgets the draft once sent', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<Demo />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('We could not reach the server. Nothing was lost — check your connection and press Send again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
    expect(localStorage.getItem('spdc:draft:demo')).toContain('Asha');

    fetchSpy.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(localStorage.getItem('spdc:draft:demo')).toBeNull());
    expect(screen.queryByText('There is a problem')).toBeNull();
  });
});
