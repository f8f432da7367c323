import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { answerText } from './check-answers-view';
import { VolunteerForm } from '@/features/volunteer/components/volunteer-form';
import { readConfirmation } from '@/lib/confirmation-read';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('answerText', () => {
  it('writes every kind of answer in words', () => {
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(['A', 'B'])).toBe('A, B');
    expect(answerText([])).toBe('Not given');
    expect(answerText('  ')).toBe('Not given');
    expect(answerText(' Asha ')).toBe('Asha');
  });
});

describe('check your answers (volunteer form)', () => {
  it('shows every answer before sending, changes one in place, then sends once', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      if (url.endsWith('/api/volunteers/register')) {
        return Promise.resolve(
          new Response(JSON.stringify({ message: 'Volunteer form submitted successfully!', reference: 'V-4K7Q-2M', receivedAt: '2026-11-23T14:00:00Z' }), {
            status: 201,
          }),
        );
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <VolunteerForm />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText(/full name/i), 'Asha Devi');
    await user.type(screen.getByLabelText(/^email/i), 'asha@example.org');
    await user.type(screen.getByLabelText(/your experience/i), 'Nursing for 20 years');
    await user.type(screen.getByLabelText(/why you would like/i), 'To serve');
    await user.type(screen.getByLabelText(/your skills/i), 'Cooking');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Nothing is sent yet: the answers are shown (their view's code may
    // still be arriving on a busy machine), the heading focused.
    const heading = await screen.findByRole('heading', { name: 'Check your answers before sending' }, { timeout: 10_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Nursing for 20 years')).toBeInTheDocument();
    expect(screen.getByText('asha@example.org')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([u]) => String(u).includes('/volunteers/register'))).toHaveLength(0);

    // Change goes back to that very field, with everything kept.
    await user.click(screen.getByRole('link', { name: 'Change your skills' }));
    const skills = screen.getByLabelText(/your skills/i);
    await waitFor(() => expect(skills).toHaveFocus());
    expect(screen.getByLabelText(/your experience/i)).toHaveValue('Nursing for 20 years');
    await user.type(skills, ' and singing');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Cooking and singing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(readConfirmation()?.reference).toBe('V-4K7Q-2M'));
    const sent = fetchSpy.mock.calls.filter(([u]) => String(u).includes('/volunteers/register'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String((sent[0][1] as RequestInit).body)).skills).toBe('Cooking and singing');
  });

  it('goes back to the form, with what was typed, when the send fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        String(input).endsWith('/api/volunteers/register')
          ? new Response(JSON.stringify({ message: 'Skills is too long.', errors: { skills: 'Please keep this under 4000 characters.' } }), { status: 400 })
          : new Response('{}', { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <VolunteerForm />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText(/full name/i), 'Asha Devi');
    await user.type(screen.getByLabelText(/^email/i), 'asha@example.org');
    await user.type(screen.getByLabelText(/your experience/i), 'x');
    await user.type(screen.getByLabelText(/why you would like/i), 'y');
    await user.type(screen.getByLabelText(/your skills/i), 'z');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    const skills = await screen.findByLabelText(/your skills/i);
    expect(skills).toHaveValue('z');
    expect(skills).toHaveAccessibleDescription('Please keep this under 4000 characters.');
  });
});
