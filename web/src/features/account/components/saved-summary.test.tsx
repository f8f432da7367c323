import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SavedSummary } from './saved-summary';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import bn from '@/i18n/messages/bn.json';

afterEach(cleanup);

describe('SavedSummary', () => {
  it('shows the details as saved, and when', () => {
    render(
      <SavedSummary
        account={{
          _id: 'u1', fullName: 'Asha Devi', email: 'asha@example.org', mobile: '', address: '2 Lake View\nKolkata',
          createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-11-23T14:00:00Z', isAdmin: false, emailVerified: true, __v: 2,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: /^Your details as saved on Nov 23, 2026/ })).toBeInTheDocument();
    expect(screen.getByText('Asha Devi')).toBeInTheDocument();
    expect(screen.getByText('Not given')).toBeInTheDocument();
    expect(screen.getByText(/2 Lake View/)).toBeInTheDocument();
  });

  it('shows the labels in Bengali', () => {
    setMessages('bn', compileCatalogue(bn));
    try {
      render(
        <SavedSummary
          account={{ _id: 'u1', fullName: 'Asha Devi', email: 'asha@example.org', mobile: '', address: '', createdAt: '2026-01-01T00:00:00Z', isAdmin: false, emailVerified: true, __v: 2 }}
        />,
      );
      expect(screen.getByRole('heading', { name: bn['account.saved.title'] })).toBeInTheDocument();
      expect(screen.getByText(bn['account.dialog.mobile'])).toBeInTheDocument();
      expect(screen.getAllByText(bn['check.notGiven'])).toHaveLength(2);
    } finally {
      setMessages('en', compileCatalogue(en));
    }
  });

  it('shows nothing before a save', () => {
    const { container } = render(<SavedSummary account={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
