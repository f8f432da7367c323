import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { VolunteerForm, validateVolunteer } from './volunteer-form';
import { countryNames } from '@/lib/countries';
import { emptyValues } from '@/components/form/check-fields';
import { volunteerSchema } from '@/lib/schemas/volunteer.gen';
import type { VolunteerPayload } from '../api/volunteer-api';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('countryNames', () => {
  it('is a full list from Intl data, sorted, without groupings', () => {
    const list = countryNames();
    expect(list.length).toBeGreaterThan(190);
    expect(list).toContain('India');
    expect(list).toContain('Qatar');
    expect(list).not.toContain('European Union');
    expect(list).not.toContain('United Nations');
    expect([...list].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
  });
});

describe('validateVolunteer', () => {
  // Every field empty as the schema has them, then the ones this test fills:
  // a field added to the definition needs no line here.
  const valid: VolunteerPayload = {
    ...emptyValues(volunteerSchema),
    fullName: 'Asha', email: 'asha@example.org', experience: 'x', motivation: 'y', skills: 'z', consent: true,
  };
  it('accepts a valid form', () => expect(validateVolunteer(valid)).toEqual({}));
  it('requires experience, motivation, skills and consent', () => {
    const e = validateVolunteer({ ...valid, experience: ' ', motivation: '', skills: '', consent: false });
    expect(Object.keys(e).sort()).toEqual(['consent', 'experience', 'motivation', 'skills']);
  });
  it('checks the email shape and the Other box', () => {
    const e = validateVolunteer({ ...valid, email: 'asha@', areasOfInterest: ['Other'] });
    expect(e.email).toBeTruthy();
    expect(e.otherInterest).toBeTruthy();
  });
});

describe('VolunteerForm', () => {
  it("reveals the specify box for 'Other' and clears it when unchosen", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <VolunteerForm />
      </MemoryRouter>,
    );
    expect(screen.getByRole('option', { name: 'Select Country' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/specify your other interest/i)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    const box = screen.getByLabelText(/specify your other interest/i);
    await user.type(box, 'Cooking');
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.queryByLabelText(/specify your other interest/i)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.getByLabelText(/specify your other interest/i)).toHaveValue('');
  });

  it('shows field errors beside the fields and calls nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <VolunteerForm />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const exp = screen.getByLabelText(/your experience/i);
    expect(exp).toHaveAttribute('aria-invalid', 'true');
    expect(exp).toHaveAccessibleDescription('Please tell us about your experience.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
