import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroup } from './radio-group';

afterEach(cleanup);

const OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <RadioGroup id="lives" legend="Do you live in India?" name="lives" options={OPTIONS} value={value} onChange={setValue} error={error} hint="We ask for the receipt." required />
      <output>{value}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it('names the group by its legend and numbers the options for the error summary', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: /Do you live in India\?/ });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).toHaveAttribute('aria-describedby', 'lives-hint');
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAttribute('id', 'lives-0');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveAttribute('id', 'lives-1');
  });

  it('gives the chosen value and ties an error to the group', async () => {
    const user = userEvent.setup();
    render(<Harness error="Say whether you live in India." />);
    const group = screen.getByRole('radiogroup');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-describedby', 'lives-hint lives-error');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('no');
  });
});
