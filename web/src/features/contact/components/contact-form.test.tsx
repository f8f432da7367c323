import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { clearSession, setSession } from '@/lib/session';
import { ContactForm } from './contact-form';

afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

/** fillMessage shows the form and fills in a message ready to send. */
async function fillMessage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ContactForm />
    </MemoryRouter>,
  );
  await user.type(screen.getByLabelText(/^Name/), 'Radha');
  await user.type(screen.getByLabelText(/^Email/), 'radha@example.org');
  await user.type(screen.getByLabelText(/^Subject/), 'Visit');
  await user.type(screen.getByLabelText(/^Phone/), '+44 20 7946 0958');
  await user.type(screen.getByLabelText(/^Message/), 'Hello');
  await user.click(screen.getByRole('checkbox', { name: /terms/i }));
  return user;
}

describe('ContactForm', () => {
  it('shows a prompt for each empty field and calls nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ContactForm />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // Each prompt is beside its field and a link in the error summary.
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Please enter your name');
    expect(await screen.findByRole('link', { name: 'Please enter your name' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Please enter your email');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the message with an empty honeypot', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thank you!' }), { status: 201 })));
    const user = await fillMessage();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    const body = JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body));
    expect(body).toMatchObject({ name: 'Radha', acceptTerms: true, website: '' });
  });

  it('sends the on-behalf part with the form and shows the server’s messages about it there', async () => {
    setSession('helper-token', { _id: 'h1', fullName: 'Helper', email: 'helper@example.org', isAdmin: false });
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() =>
        Promise.resolve(new Response(JSON.stringify({ message: 'Please check the form.', errors: { 'onBehalf.witnessName': 'Give a real name.' } }), { status: 400 })),
      )
      .mockImplementationOnce(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thank you!' }), { status: 201 })));
    const user = await fillMessage();
    await user.click(await screen.findByRole('checkbox', { name: /filling this in for an elder/ }));
    await user.click(await screen.findByRole('radio', { name: /^Gave their thumbprint/ }));
    await user.click(screen.getByRole('radio', { name: /^Hindi/ }));
    await user.type(screen.getByLabelText(/^Witness’s name/), 'X');
    await user.type(screen.getByLabelText(/^Witness’s email or phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Give a real name.')).toBeInTheDocument();
    const first = JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body));
    expect(first).toMatchObject({
      name: 'Radha',
      onBehalf: { consentMethod: 'thumbprint', witnessName: 'X', witnessContact: '+91 98765 43210', noticeLanguage: 'hi' },
    });

    await user.clear(screen.getByLabelText(/^Witness’s name/));
    await user.type(screen.getByLabelText(/^Witness’s name/), 'Madhava Das');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(JSON.parse(String((fetchSpy.mock.calls[1][1] as RequestInit).body)).onBehalf.witnessName).toBe('Madhava Das');
    // Sent: the part is emptied, its box no longer ticked.
    expect(screen.getByRole('checkbox', { name: /filling this in for an elder/ })).not.toBeChecked();
  });
});
