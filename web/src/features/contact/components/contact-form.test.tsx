import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ContactForm } from './contact-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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
    expect(screen.getByRole('link', { name: 'Please enter your name' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Please enter your email');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the message with an empty honeypot', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thank you!' }), { status: 201 })));
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
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    const body = JSON.parse(String((fetchSpy.mock.calls[0][1] as RequestInit).body));
    expect(body).toMatchObject({ name: 'Radha', acceptTerms: true, website: '' });
  });
});
