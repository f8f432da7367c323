import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { ErrorSummary, TextInput, useFormSubmit, type FieldErrors } from './form-kit';
import { summaryItems } from './error-summary-view';

afterEach(() => {
  cleanup();
  document.title = '';
});

type V = { name: string; email: string };

function validate(v: V): FieldErrors {
  const e: FieldErrors = {};
  if (!v.name.trim()) e.name = 'Please enter your name.';
  if (!v.email.includes('@')) e.email = 'Please enter a valid email address.';
  return e;
}

/** A small form built from the kit, as every form is. */
function Demo({ send }: { send: (v: V) => Promise<void> }) {
  const [values, setValues] = useState<V>({ name: '', email: '' });
  const { errors, busy, submit, summary } = useFormSubmit<V>({ prefix: 'demo', order: ['name', 'email'], values, validate, send, failed: () => {} });
  return (
    <form noValidate onSubmit={(e) => submit(e)}>
      <ErrorSummary {...summary} />
      <TextInput id="demo-name" label="Name" required value={values.name} onChange={(e) => setValues((s) => ({ ...s, name: e.target.value }))} error={errors.name} />
      <TextInput id="demo-email" label="Email" value={values.email} onChange={(e) => setValues((s) => ({ ...s, email: e.target.value }))} error={errors.email} />
      <button type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}

describe('ErrorSummary', () => {
  it('lists the problems as links, takes the focus and marks the title', async () => {
    document.title = 'Demo | SPDC';
    const user = userEvent.setup();
    let sent = 0;
    render(<Demo send={async () => void sent++} />);
    expect(screen.queryByText('There is a problem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toBe(0);
    const heading = await screen.findByRole('heading', { name: 'There is a problem' });
    expect(heading.closest('.error-summary')).toHaveFocus();
    expect(document.title).toBe('Error: Demo | SPDC');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Please enter your name.', 'Please enter a valid email address.']);
    // Each message is also beside its field.
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('Please enter your name.');

    // A link takes the keyboard to its field.
    links[1].focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('drops a message as soon as its field is corrected, and the summary with the last one', async () => {
    document.title = 'Demo | SPDC';
    const user = userEvent.setup();
    render(<Demo send={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByLabelText(/Name/), 'Asha');
    expect(screen.queryByText('Please enter your name.')).toBeNull();
    expect(screen.getAllByText('Please enter a valid email address.')).toHaveLength(2);
    expect(document.title).toBe('Error: Demo | SPDC');
    await user.type(screen.getByLabelText('Email'), 'asha@');
    expect(screen.queryByText('There is a problem')).toBeNull();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(document.title).toBe('Demo | SPDC');
  });

  it("keeps the server's problem until that field changes, and says it as a sentence", async () => {
    const user = userEvent.setup();
    render(
      <Demo
        send={async () => {
          throw new ApiError(409, 'Email already registered', { email: 'is already registered' });
        }}
      />,
    );
    await user.type(screen.getByLabelText(/Name/), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('link', { name: 'Email is already registered.' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Name/), ' Devi');
    expect(await screen.findByRole('link', { name: 'Email is already registered.' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('orders the problems as the page does and lists a repeated message once', () => {
    const items = summaryItems({ b: 'Give a phone or an email.', extra: 'Other.', a: 'Give a phone or an email.', c: 'C.' }, ['a', 'b', 'c']);
    expect(items).toEqual([
      { key: 'a', text: 'Give a phone or an email.' },
      { key: 'c', text: 'C.' },
      { key: 'extra', text: 'Other.' },
    ]);
  });
});
