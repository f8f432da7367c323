import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { HostForm } from './host-form';

afterEach(cleanup);

describe('HostForm', () => {
  it("reveals specify boxes for 'Others' and 'Other'", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HostForm />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Others (please Specify)' }));
    expect(screen.getByLabelText(/specify the accommodation/i)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.getByLabelText(/specify the other facility/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText(/why do you wish to host/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: /terms and conditions/i })).toHaveAttribute('aria-invalid', 'true');
  });
});
