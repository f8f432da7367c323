// The dashboard in Hindi and Bengali: its own words from the catalogue of
// the language, dates with the month's name in that language, and counts
// in Indian grouping.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { setMessages, t } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import bn from '@/i18n/messages/bn.json';
import { Cell } from './cell';
import { formatCount, formatDate, textOf } from './format';
import { DeleteModal } from './delete-modal';

afterEach(() => {
  cleanup();
  setMessages('en', compileCatalogue(en), ['admin']);
});

describe('the dashboard in the chosen language', () => {
  it('shows Hindi dates, yes/no and counts', () => {
    setMessages('hi', compileCatalogue(hi), ['admin']);
    expect(formatDate('2026-11-22')).toBe('22 नव॰ 2026');
    expect(textOf('consent', true)).toBe('हाँ');
    expect(formatCount(100000)).toBe('1,00,000');
  });

  it('says "1 नया" and "3 नए": the count of new records by Hindi plural rules', () => {
    setMessages('hi', compileCatalogue(hi), ['admin']);
    expect(t('admin.newCount', { n: 1 })).toBe('1 नया');
    expect(t('admin.newCount', { n: 3 })).toBe('3 नए');
    expect(t('admin.newCount', { n: 0 })).toBe('0 नए');
    expect(t('admin.newCount', { n: 100000 })).toBe('1,00,000 नए');
    setMessages('bn', compileCatalogue(bn), ['admin']);
    expect(t('admin.newCount', { n: 1 })).toBe('1 নতুন');
  });

  it('shows a choice in the words the server sends for it, the stored value otherwise', () => {
    render(
      <>
        <p>
          <Cell field="status" value="contacted" labels={{ new: 'नया', contacted: 'संपर्क हुआ' }} />
        </p>
        <p>
          <Cell field="areasOfInterest" value={['Other', 'Typed']} labels={{ Other: 'अन्य' }} />
        </p>
        <p>
          <Cell field="status" value="archived" labels={{ new: 'नया' }} />
        </p>
      </>,
    );
    expect(screen.getByText('संपर्क हुआ')).toBeInTheDocument();
    expect(screen.getByText('अन्य, Typed')).toBeInTheDocument();
    expect(screen.getByText('archived')).toBeInTheDocument();
  });

  it('shows Bengali dates with the digits people type', () => {
    setMessages('bn', compileCatalogue(bn), ['admin']);
    expect(formatDate('2026-11-22')).toMatch(/^22 নভে.*2026$/);
    expect(textOf('isAdmin', false)).toBe('না');
  });

  it('re-renders a cell and a dialog when the language changes, keeping the quoted texts', () => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
    render(
      <>
        <Cell field="consent" value={true} />
        <DeleteModal tab="users" record={{ _id: 'u1' }} onClose={() => undefined} onDeleted={() => undefined} />
      </>,
    );
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel', hidden: true })).toBeInTheDocument();
    act(() => setMessages('hi', compileCatalogue(hi), ['admin']));
    expect(screen.getByText('हाँ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रद्द करें', hidden: true })).toBeInTheDocument();
    // The dialog's title and question are quoted word for word and stay English.
    expect(screen.getByText('Are you sure you want to delete this entry?', { exact: true })).toBeInTheDocument();
  });
});
