// The Privacy page's grievance section names the grievance officer from
// the site's data: the name with the title after it (both as the reader's
// language has them), and the email.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { resetSiteData } from '@/lib/site-data';
import GrievanceSection from './grievance-form';

function embed(officer: Record<string, string>) {
  const el = document.createElement('script');
  el.id = 'site-data';
  el.type = 'application/json';
  el.textContent = JSON.stringify({ settings: { grievanceOfficer: officer }, collections: {} });
  document.body.appendChild(el);
}

afterEach(() => {
  cleanup();
  document.getElementById('site-data')?.remove();
  resetSiteData();
});

describe('the grievance officer', () => {
  it('shows the name, the title and the email', () => {
    embed({ name: 'राधा देवी', title: 'शिकायत अधिकारी', email: 'dpo@spdc.test', phone: '' });
    render(<GrievanceSection />);
    const officer = screen.getByText(/राधा देवी/);
    expect(officer.textContent).toBe('राधा देवी, शिकायत अधिकारी');
    expect(screen.getByRole('link', { name: 'dpo@spdc.test' })).toHaveAttribute('href', 'mailto:dpo@spdc.test');
  });

  it('shows the name alone when there is no title', () => {
    embed({ name: 'Radha Devi', email: '', phone: '' });
    render(<GrievanceSection />);
    expect(screen.getByText(/Radha Devi/).textContent).toBe('Radha Devi');
  });
});
