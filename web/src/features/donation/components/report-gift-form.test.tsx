import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { GiftRulesNote, ReportGiftForm, emptyGift, toReport, validateGift, type GiftValues } from './report-gift-form';
import { upiLink } from './upi';
import { setMessages } from '@/i18n';
import { compileCatalogue } from '@/i18n/compile';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import bn from '@/i18n/messages/bn.json';

type User = ReturnType<typeof userEvent.setup>;

/** fill puts a whole value in a field at once (typing it key by key is slow). */
async function fill(user: User, el: HTMLElement, value: string) {
  await user.click(el);
  await user.paste(value);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // A form keeps what was typed as a draft and puts it back by itself:
  // each test starts from an empty form.
  localStorage.clear();
  sessionStorage.clear();
});

const good: GiftValues = {
  ...emptyGift,
  residentOfIndia: 'yes',
  donorName: 'Radha Sharma',
  email: 'radha@example.org',
  address: '12 Temple Road, Vrindavan',
  idType: 'PAN',
  idNumber: 'abcpe1234f',
  amount: '5000',
  paidOn: '2026-11-20',
  mode: 'UPI',
  reference: '123456789012',
  purpose: 'Health',
  receiptType: '80G',
  consent: true,
};

describe('validateGift', () => {
  it('passes a complete report and sends the values the API takes', () => {
    expect(validateGift(good, '2026-11-23')).toEqual({});
    expect(toReport({ ...good, idType: 'NONE', idNumber: 'ignored', receiptType: 'General' })).toMatchObject({ idType: '', idNumber: '' });
    expect(toReport({ ...good, mode: 'CASH', reference: 'typed anyway' }).reference).toBe('');
    expect(toReport(good)).toMatchObject({ residentOfIndia: true, amount: '5000', idType: 'PAN' });
  });

  it('refuses a future date, a missing ID choice and a missing consent', () => {
    const e = validateGift({ ...good, paidOn: '2026-11-24', idType: '', idNumber: '', consent: false }, '2026-11-23');
    expect(e.paidOn).toBe('The date you paid cannot be in the future.');
    expect(e.idType).toBe('An 80G receipt needs your PAN or Aadhaar number.');
    expect(e.consent).toMatch(/Please agree/);
    expect(validateGift({ ...good, idType: '', receiptType: 'General' }, '2026-11-23').idType).toMatch(/Choose which ID/);
  });

  it('outside India only the residence question is answered', () => {
    expect(validateGift({ ...emptyGift, residentOfIndia: 'no' })).toEqual({
      residentOfIndia: expect.stringMatching(/only from residents of India/),
    });
  });
});

describe('upiLink', () => {
  it('builds the payment link with the payee and rupees', () => {
    expect(upiLink('spdc.trust@sbi', 'SPDC Trust')).toBe('upi://pay?pa=spdc.trust@sbi&pn=SPDC%20Trust&cu=INR');
    expect(upiLink('a@b', '')).toBe('upi://pay?pa=a@b&cu=INR');
  });
});

function renderForm(fcra = 'Send gifts from abroad to **FCRA account 4000**.') {
  render(
    <MemoryRouter>
      <ReportGiftForm fcra={fcra} reach={<p>Write to us at care@example.org.</p>} />
    </MemoryRouter>,
  );
}

describe('ReportGiftForm', () => {
  it('shows the instructions for gifts from abroad instead of the form', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: 'No, I live outside India' }));
    expect(await screen.findByText(/FCRA account 4000/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Amount in rupees/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send my report' })).toBeNull();
  });

  it('says how to reach the program when there are no instructions for gifts from abroad', async () => {
    const user = userEvent.setup();
    renderForm('');
    await user.click(screen.getByRole('radio', { name: 'No, I live outside India' }));
    expect(screen.getByText('Write to us at care@example.org.')).toBeInTheDocument();
  });

  it('explains the rules before sending and shows every error beside its field', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: /Yes, I live in India/ }));
    const amount = screen.getByLabelText(/Amount in rupees/);
    // Grouped as people write it, and shown as understood before sending.
    await fill(user, amount, '1,00,000');
    expect(screen.getByText('You are reporting ₹1,00,000.')).toBeInTheDocument();
    expect(screen.getByText(/so the law requires your PAN/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Cash/ }));
    await user.click(screen.getByRole('radio', { name: /^80G receipt/ }));
    expect(screen.getByText(/Cash gifts above ₹2,000 cannot get an 80G receipt: please choose a General receipt/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Aadhaar' }));
    await fill(user, screen.getByLabelText(/^Aadhaar number/), '9999 4105 7059');
    await user.click(screen.getByRole('button', { name: 'Send my report' }));

    expect(fetchSpy).not.toHaveBeenCalled();
    // The error summary lists each problem as a link to its field.
    expect(await screen.findByRole('alert')).toHaveTextContent('There is a problem');
    expect(screen.getByRole('link', { name: /This Aadhaar number is not valid/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Aadhaar number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Aadhaar number/)).toHaveAccessibleDescription(/This Aadhaar number is not valid/);
    const receipt = screen.getByRole('radiogroup', { name: /Which receipt/ });
    expect(within(receipt).getByText(/Cash gifts above ₹2,000 cannot get an 80G receipt \(the law/)).toBeInTheDocument();
    expect(screen.getAllByText('Enter the date you paid.')).toHaveLength(2); // beside the field and in the summary
    expect(screen.getAllByText('Please enter your name.')).toHaveLength(2);
    // The error summary takes the focus; its first link leads to the first wrong field.
    expect(document.activeElement).toHaveClass('error-summary');
    await user.click(screen.getByRole('link', { name: 'Enter the date you paid.' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Date you paid/));
  });

  it('sends the report and keeps a confirmation of what was received', async () => {
    const donation = {
      _id: 'd1', donorName: 'Radha Sharma', email: 'radha@example.org', amount: '100000', amountPaise: 10000000, amountText: '₹1,00,000',
      paidOn: '2026-11-20', mode: 'NEFT', reference: 'SBIN0123456789AB', purpose: 'Health', receiptType: '80G', status: 'reported',
      receipt: null, createdAt: '2026-11-21T10:00:00Z',
    };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thank you', donation }), { status: 201 })));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: /Yes, I live in India/ }));
    await fill(user, screen.getByLabelText(/Amount in rupees/), '100000');
    await user.type(screen.getByLabelText(/^Date you paid/), '2026-11-20');
    await user.click(screen.getByRole('radio', { name: /^NEFT/ }));
    await fill(user, screen.getByLabelText(/^NEFT reference/), 'sbin0123456789ab');
    await user.click(screen.getByRole('radio', { name: /^Health/ }));
    await user.click(screen.getByRole('radio', { name: /^80G receipt/ }));
    await user.click(screen.getByRole('radio', { name: 'PAN card' }));
    await fill(user, screen.getByRole('textbox', { name: /^PAN/ }), 'ABCPE1234F');
    await fill(user, screen.getByLabelText(/^Your name/), 'Radha Sharma');
    await fill(user, screen.getByLabelText(/^Email/), 'radha@example.org');
    await fill(user, screen.getByLabelText(/^Address/), 'Vrindavan');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send my report' }));

    // Nothing is sent before the donor has checked the answers.
    expect(await screen.findByRole('heading', { name: 'Check your answers before sending' })).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByText('₹1,00,000')).toBeInTheDocument();
    expect(screen.getByText('NEFT bank transfer')).toBeInTheDocument();
    expect(screen.getByText('ABCPE1234F')).toBeInTheDocument();
    // Change takes the donor back to that very field, everything kept.
    await user.click(screen.getByRole('link', { name: 'Change your name' }));
    expect(screen.getByLabelText(/^Your name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('Radha Sharma');
    await user.click(screen.getByRole('button', { name: 'Send my report' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));

    expect(await screen.findByText('Thank you! We have received your report')).toBeInTheDocument();
    expect(screen.getByText('₹1,00,000')).toBeInTheDocument();
    expect(screen.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/email your receipt to/)).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/donations');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      donorName: 'Radha Sharma', email: 'radha@example.org', phone: '', address: 'Vrindavan', residentOfIndia: true, idType: 'PAN',
      idNumber: 'ABCPE1234F', amount: '100000', paidOn: '2026-11-20', mode: 'NEFT', reference: 'sbin0123456789ab', purpose: 'Health',
      receiptType: '80G', consent: true,
    });
  });

  it('explains a reference that was already reported', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'This transfer was already reported.', errors: { reference: 'This reference was already reported for UPI.' } }), {
          status: 409,
        }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: /Yes, I live in India/ }));
    await fill(user, screen.getByLabelText(/Amount in rupees/), '500');
    await user.type(screen.getByLabelText(/^Date you paid/), '2026-11-20');
    await user.click(screen.getByRole('radio', { name: /^UPI/ }));
    await fill(user, screen.getByLabelText(/^UPI transaction ID/), '123456789012');
    await user.click(screen.getByRole('radio', { name: /^Wherever/ }));
    await user.click(screen.getByRole('radio', { name: /^General receipt/ }));
    await user.click(screen.getByRole('radio', { name: 'I prefer not to give an ID' }));
    await fill(user, screen.getByLabelText(/^Your name/), 'Radha');
    await fill(user, screen.getByLabelText(/^Email/), 'radha@example.org');
    await fill(user, screen.getByLabelText(/^Address/), 'Vrindavan');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send my report' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));

    // A refused report returns to the form, where the problem is shown.
    expect(await screen.findByRole('link', { name: 'This reference was already reported for UPI.' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((a) => /If you sent this report before, there is nothing more to do/.test(a.textContent ?? ''))).toBe(true);
    expect(screen.getByLabelText(/^UPI transaction ID/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ReportGiftForm in Hindi and Bengali', () => {
  afterEach(() => setMessages('en', compileCatalogue(en)));

  it('asks and explains in Hindi, with the rules and amounts as the server words them', async () => {
    setMessages('hi', compileCatalogue(hi));
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('radiogroup', { name: /क्या आप भारत में रहते हैं\?/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^हाँ/ }));
    await fill(user, screen.getByLabelText(/^राशि/), '100000');
    // Indian grouping and the digits 0–9 in every language.
    expect(screen.getByText('आप ₹1,00,000 की सूचना दे रहे हैं।')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'आधार' }));
    await fill(user, screen.getByLabelText(/^आधार संख्या/), '9999 4105 7059');
    await user.click(screen.getByRole('button', { name: 'मेरी सूचना भेजें' }));
    expect(screen.getByRole('link', { name: /यह आधार संख्या मान्य नहीं है/ })).toBeInTheDocument();
    expect(screen.getAllByText('भुगतान की तारीख़ लिखें।')).toHaveLength(2);
    expect(validateGift({ ...good, amount: '1,00,0000' }, '2026-11-23').amount).toBe(hi['gift.rule.amount.separator']);
    // Indian and international grouping are read as typed.
    expect(validateGift({ ...good, amount: '1,00,000' }, '2026-11-23').amount).toBeUndefined();
    expect(validateGift({ ...good, amount: '100,000.50' }, '2026-11-23').amount).toBeUndefined();
  });

  it('names the choices in Bengali', () => {
    setMessages('bn', compileCatalogue(bn));
    render(<GiftRulesNote />);
    renderForm();
    expect(screen.getByRole('radio', { name: 'না, আমি ভারতের বাইরে থাকি' })).toBeInTheDocument();
    expect(screen.getByText('শুরু করার আগে অনুগ্রহ করে মনে রাখুন:')).toBeInTheDocument();
    expect(screen.getByText(bn['gift.rules.pan'])).toBeInTheDocument();
  });
});
