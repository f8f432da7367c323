// Report your gift: after paying, the donor tells the program what was sent,
// so that the transfer can be matched and a receipt issued. The rules are
// explained before anything is typed and again beside the field they touch;
// every field is checked in the browser as the server checks it. A donor
// living outside India is shown the instructions for gifts from abroad
// instead of the form. A signed-in donor's name, email, phone and address
// are filled in from the profile. After sending, the page keeps a summary of
// what was received and what happens next until the donor closes it.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api';
import { donationsFields } from '@/lib/entities.gen';
import { useProfilePrefill } from '@/lib/profile';
import { useSession } from '@/lib/session';
import {
  Checkbox,
  ClearFormButton,
  DraftNotice,
  ErrorSummary,
  TextArea,
  TextInput,
  isEmail,
  isPhone,
  tooLong,
  useFormSubmit,
  type FieldErrors,
} from '@/components/form/form-kit';
import {
  CASH_LIMIT_80G_PAISE,
  PAN_THRESHOLD_PAISE,
  amountPaise,
  checkGiftRules,
  formatRupees,
} from '@/lib/india';
import { PURPOSES, reportGift, type Donation, type GiftReport } from '../api/donation-api';
import { RadioGroup, type Choice } from './radio-group';
import { modeName } from './labels';
import { showDay, todayISO } from '@/lib/dates';
import { keepConfirmation } from '@/lib/confirmation';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf } from '@/components/form/on-behalf';
import { CheckAnswers, useCheckStep, type AnswerSection } from '@/components/form/check-answers';

const P = 'gift';
// The limits of the server's definition of a donation.
const NAME_MAX = donationsFields.donorName.maxLength;
const ADDRESS_MAX = donationsFields.address.maxLength;
const ORDER = [
  'residentOfIndia', 'amount', 'paidOn', 'mode', 'reference', 'purpose', 'receiptType', 'idType', 'idNumber',
  'donorName', 'email', 'phone', 'address', 'consent',
] as const;

/** GiftValues is the form as typed. */
export interface GiftValues {
  residentOfIndia: '' | 'yes' | 'no';
  donorName: string;
  email: string;
  phone: string;
  address: string;
  idType: '' | 'PAN' | 'AADHAAR' | 'OTHER' | 'NONE';
  idNumber: string;
  amount: string;
  paidOn: string;
  mode: string;
  reference: string;
  purpose: string;
  receiptType: string;
  consent: boolean;
}

export const emptyGift: GiftValues = {
  residentOfIndia: '', donorName: '', email: '', phone: '', address: '', idType: '', idNumber: '', amount: '',
  paidOn: '', mode: '', reference: '', purpose: '', receiptType: '', consent: false,
};

const RESIDENT: Choice[] = [
  { value: 'yes', label: 'Yes, I live in India and paid from an Indian bank account' },
  { value: 'no', label: 'No, I live outside India' },
];

const MODES: Choice[] = [
  { value: 'UPI', label: 'UPI (BHIM, Google Pay, PhonePe, Paytm…)' },
  { value: 'IMPS', label: 'IMPS bank transfer' },
  { value: 'NEFT', label: 'NEFT bank transfer' },
  { value: 'RTGS', label: 'RTGS bank transfer' },
  { value: 'CHEQUE', label: 'Cheque' },
  { value: 'CASH', label: 'Cash, handed to us in person' },
];

const ID_TYPES: Choice[] = [
  { value: 'PAN', label: 'PAN card' },
  { value: 'AADHAAR', label: 'Aadhaar' },
  { value: 'OTHER', label: 'Another ID (passport, voter ID, driving licence, ration card)' },
  { value: 'NONE', label: 'I prefer not to give an ID' },
];

const RECEIPTS: Choice[] = [
  { value: '80G', label: '80G receipt, to claim the tax deduction (needs your PAN or Aadhaar)' },
  { value: 'General', label: 'General receipt, a simple thank-you acknowledgement' },
];

const PURPOSE_LABELS: Record<string, string> = {
  General: 'Wherever it is needed most',
  Health: 'Health care of the elderly disciples',
  Travel: 'Travel of the elderly disciples',
  SPDC: 'Running the SPDC program',
};

/** The label and hint of the reference field for each payment mode. */
const REFERENCE: Record<string, [string, string]> = {
  UPI: ['UPI transaction ID (UTR)', 'The 12 digits shown in your UPI app under the payment’s details.'],
  IMPS: ['IMPS reference number', 'The 12 digits in your bank’s message or statement.'],
  NEFT: ['NEFT reference (UTR)', 'The 16 to 22 letters and digits in your bank’s message or statement.'],
  RTGS: ['RTGS reference (UTR)', 'The 16 to 22 letters and digits in your bank’s message or statement.'],
  CHEQUE: ['Cheque number', 'The 6 digits at the bottom left of the cheque.'],
};

const ID_FIELD: Record<string, [string, string]> = {
  PAN: ['PAN', 'Five letters, four digits and a letter, like ABCPE1234F.'],
  AADHAAR: ['Aadhaar number', '12 digits; you may leave a space after every four.'],
  OTHER: ['ID number', 'As written on the document.'],
};

/** idTypeOf turns the form's choice into the API's value. */
function idTypeOf(v: GiftValues['idType']): GiftReport['idType'] {
  return v === 'NONE' ? '' : v;
}

/** choiceLabel is the words of the chosen option, as the form shows them. */
function choiceLabel(choices: Choice[], value: string): string {
  const label = choices.find((c) => c.value === value)?.label;
  return typeof label === 'string' ? label : value;
}

/** giftAnswers are the report's answers as "Check your answers" shows
 * them, grouped as on the form. */
export function giftAnswers(v: GiftValues): AnswerSection[] {
  const paise = amountPaise(v.amount);
  const ref = REFERENCE[v.mode];
  const idField = ID_FIELD[v.idType];
  const gift: AnswerSection['rows'] = [
    { key: 'residentOfIndia', label: 'Do you live in India?', value: choiceLabel(RESIDENT, v.residentOfIndia) },
    { key: 'amount', label: 'Amount', value: paise === null ? v.amount : formatRupees(paise) },
    { key: 'paidOn', label: 'Date you paid', value: v.paidOn ? showDay(v.paidOn) : '' },
    { key: 'mode', label: 'How did you pay?', value: choiceLabel(MODES, v.mode) },
  ];
  if (ref) gift.push({ key: 'reference', label: ref[0], value: v.reference });
  gift.push({ key: 'purpose', label: 'What is your gift for?', value: PURPOSE_LABELS[v.purpose] ?? v.purpose });
  const receipt: AnswerSection['rows'] = [
    { key: 'receiptType', label: 'Which receipt would you like?', value: choiceLabel(RECEIPTS, v.receiptType) },
    { key: 'idType', label: 'Which ID will you give?', value: choiceLabel(ID_TYPES, v.idType) },
  ];
  // A PAN is shown as the receipt will print it, in capitals.
  if (idField) receipt.push({ key: 'idNumber', label: idField[0], value: v.idType === 'PAN' ? v.idNumber.trim().toUpperCase() : v.idNumber });
  return [
    { title: 'Your gift', rows: gift },
    { title: 'Your receipt', rows: receipt },
    {
      title: 'About you',
      rows: [
        { key: 'donorName', label: 'Your name', value: v.donorName },
        { key: 'email', label: 'Email', value: v.email },
        { key: 'phone', label: 'Phone', value: v.phone },
        { key: 'address', label: 'Address', value: v.address },
        { key: 'consent', label: 'You agree that SPDC keeps these details for your receipt', value: v.consent },
      ],
    },
  ];
}

/** validateGift mirrors the server's checks, naming every wrong field. */
export function validateGift(v: GiftValues, today = todayISO()): FieldErrors {
  const e: FieldErrors = checkGiftRules({
    amount: v.amount,
    idType: idTypeOf(v.idType),
    idNumber: v.idType === 'NONE' ? '' : v.idNumber,
    receiptType: v.receiptType,
    mode: v.mode,
    reference: v.reference,
    residentOfIndia: v.residentOfIndia === '' ? null : v.residentOfIndia === 'yes',
  });
  // Outside India nothing else matters: the form is not shown.
  if (v.residentOfIndia === 'no') return { residentOfIndia: e.residentOfIndia };
  if (!v.idType && !e.idType) e.idType = 'Choose which ID you give, or that you prefer not to give one.';
  if (!v.paidOn) e.paidOn = 'Enter the date you paid.';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.paidOn) || Number.isNaN(Date.parse(v.paidOn))) e.paidOn = 'Enter the date as day, month and year.';
  else if (v.paidOn > today) e.paidOn = 'The date you paid cannot be in the future.';
  else if (v.paidOn < '2000-01-01') e.paidOn = 'Please check the date you paid.';
  if (!v.purpose) e.purpose = 'Choose what your gift is for.';
  if (!v.donorName.trim()) e.donorName = 'Please enter your name.';
  else if (tooLong(v.donorName, NAME_MAX)) e.donorName = `Please keep this under ${NAME_MAX} characters.`;
  else if (/[<>]/.test(v.donorName)) e.donorName = 'A name cannot contain < or >.';
  if (!v.email.trim()) e.email = 'Please enter your email address: your receipt is sent there.';
  else if (!isEmail(v.email)) e.email = 'Please enter a valid email address, like name@example.org.';
  if (v.phone.trim() && !isPhone(v.phone)) e.phone = 'Please enter a valid phone number.';
  if (!v.address.trim()) e.address = 'Please enter your address: it is printed on your receipt.';
  else if (tooLong(v.address, ADDRESS_MAX)) e.address = `Please keep this under ${ADDRESS_MAX} characters.`;
  if (!v.consent) e.consent = 'Please agree, so that we may keep these details to issue your receipt.';
  return e;
}

/** toReport builds the API's body from the form. */
export function toReport(v: GiftValues): GiftReport {
  const cash = v.mode === 'CASH';
  return {
    donorName: v.donorName.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    address: v.address.trim(),
    residentOfIndia: v.residentOfIndia === 'yes',
    idType: idTypeOf(v.idType),
    idNumber: v.idType === 'NONE' ? '' : v.idNumber.trim(),
    amount: v.amount.trim(),
    paidOn: v.paidOn,
    mode: v.mode,
    reference: cash ? '' : v.reference.trim(),
    purpose: v.purpose,
    receiptType: v.receiptType,
    consent: v.consent,
  };
}

/** GiftRulesNote lists the rules before the donor starts typing. */
export function GiftRulesNote() {
  return (
    <div className="form-note" id={`${P}-rules`}>
      <p className="gift-rules-title">Before you start, please note:</p>
      <ul>
        <li>For a gift above ₹49,999 the law requires your PAN.</li>
        <li>An 80G receipt, to claim the tax deduction, needs your PAN or Aadhaar number.</li>
        <li>Cash gifts above ₹2,000 cannot get an 80G receipt; a General receipt is possible.</li>
        <li>Gifts from outside India cannot be received in this account: they go to our FCRA account instead.</li>
      </ul>
    </div>
  );
}

function Abroad({ fcra, reach }: { fcra: string; reach: ReactNode }) {
  return (
    <div className="form-note gift-abroad" role="region" aria-labelledby={`${P}-abroad-title`}>
      <h3 id={`${P}-abroad-title`}>Giving from outside India</h3>
      <p>
        The law (the Foreign Contribution (Regulation) Act) allows us to receive gifts from outside India only in our FCRA
        account, never in the account above, so this form is not for you.
      </p>
      {fcra.trim() ? <Markdown text={fcra} /> : reach}
    </div>
  );
}

/** Received is the lasting confirmation shown after sending. */
function Received({ d, onClose }: { d: Donation; onClose: () => void }) {
  const signedIn = Boolean(useSession().token);
  const rows: [string, string][] = [
    ['Amount', d.amountText || formatRupees(d.amountPaise)],
    ['Paid on', showDay(d.paidOn)],
    ['How you paid', modeName(d.mode)],
    ...(d.reference ? ([['Reference', d.reference]] as [string, string][]) : []),
    ['For', PURPOSE_LABELS[d.purpose] ?? d.purpose],
    ['Receipt', d.receiptType === '80G' ? '80G receipt' : 'General receipt'],
    ['Reported on', showDay(d.createdAt)],
  ];
  return (
    <div className="gift-received" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
      <h3>Thank you! We have received your report</h3>
      <dl className="details-list">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p>
        <strong>What happens next:</strong> as soon as we see the money in our bank account, we confirm your gift and email
        your receipt to <strong>{d.email}</strong>.
        {d.mode === 'CHEQUE' ? ' A cheque takes a few days to clear.' : ''}{' '}
        {signedIn ? (
          <>
            You can also follow it and download the receipt in <Link to={paths.myAccount}>My Account</Link>.
          </>
        ) : null}
      </p>
      <button type="button" className="btn btn-outline" onClick={onClose}>
        Close and report another gift
      </button>
    </div>
  );
}

export interface ReportGiftFormProps {
  /** The instructions for gifts from abroad (Markdown, from the settings). */
  fcra: string;
  /** How to reach the program, shown when there are no instructions. */
  reach: ReactNode;
  /** An amount chosen on another page ("₹5,000"), to start with. */
  initialAmount?: string;
}

export function ReportGiftForm({ fcra, reach, initialAmount = '' }: ReportGiftFormProps) {
  const [values, setValues] = useState<GiftValues>(() => ({
    ...emptyGift,
    amount: initialAmount.replace(/[₹,\s]/g, ''),
  }));
  const [sent, setSent] = useState<Donation | null>(null);
  const [alert, setAlert] = useState<ReactNode>(null);

  useProfilePrefill(
    (p) =>
      setValues((v) => ({
        ...v,
        donorName: v.donorName || p.fullName || '',
        email: v.email || p.email || '',
        phone: v.phone || p.mobile || '',
        address: v.address || p.address || '',
      })),
    'donation',
  );

  const set = <K extends keyof GiftValues>(k: K, val: GiftValues[K]) => setValues((s) => ({ ...s, [k]: val }));
  const text = (k: 'donorName' | 'email' | 'phone' | 'address' | 'idNumber' | 'amount' | 'paidOn' | 'reference') =>
    (e: { target: { value: string } }) => set(k, e.target.value);

  const check = useCheckStep(P);
  const { errors, busy, submit, summary, draft } = useFormSubmit<GiftValues>({
    prefix: P,
    order: ORDER,
    values,
    // The ID number is never written down in the browser.
    draft: { form: 'donation', empty: emptyGift, setValues, secret: ['idNumber'] },
    // The error summary lists the problems (validate runs again as the
    // values change, so it only checks); the alert is for what no field
    // shows: a duplicate report, a server that cannot be reached.
    validate: validateGift,
    send: async (v) => {
      setAlert(null);
      const res = await check.sending(() => reportGift(toReport(v)));
      keepConfirmation('donation', res, v.email);
      setAlert(null);
      setSent(res.donation);
      toast.success('Thank you! Your gift has been reported.');
    },
    failed: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        setAlert(
          <>
            {err.message || 'This transfer has already been reported.'} If you sent this report before, there is nothing more
            to do: we will email your receipt once we see the money. If not, please check the reference, or{' '}
            <Link to={paths.contact}>contact us</Link>.
          </>,
        );
      } else if (err instanceof ApiError && err.status === 400) {
        setAlert(err.message || 'Please correct the fields marked below.');
      } else {
        setAlert(err instanceof ApiError && err.message ? err.message : 'Your report could not be sent. Please try again in a moment.');
      }
      toast.error('Error reporting your gift');
    },
  });

  if (sent) {
    return (
      <Received
        d={sent}
        onClose={() => {
          setSent(null);
          check.back();
          setValues((v) => ({ ...emptyGift, donorName: v.donorName, email: v.email, phone: v.phone, address: v.address }));
        }}
      />
    );
  }

  if (check.checking) {
    return (
      <CheckAnswers
        prefix={P}
        sections={giftAnswers(values)}
        busy={busy}
        onChange={check.change}
        onBack={check.back}
        onSend={(e) => submit(e, values)}
      />
    );
  }

  const paise = amountPaise(values.amount);
  const cash = values.mode === 'CASH';
  const ref = REFERENCE[values.mode];
  const idField = ID_FIELD[values.idType];
  const needPan = paise !== null && paise > PAN_THRESHOLD_PAISE;
  const cashNo80G = cash && paise !== null && paise > CASH_LIMIT_80G_PAISE;

  const idHint = (
    <>
      {needPan ? <strong>Your gift is above ₹49,999, so the law requires your PAN. </strong> : null}
      {values.receiptType === '80G' ? 'An 80G receipt needs your PAN or Aadhaar. ' : null}
      Your ID number is kept encrypted and shown only on your receipt.
    </>
  );
  const receiptHint = cashNo80G ? (
    <strong>Cash gifts above ₹2,000 cannot get an 80G receipt: please choose a General receipt.</strong>
  ) : cash ? (
    'Cash gifts above ₹2,000 can only get a General receipt.'
  ) : undefined;

  return (
    <form className="form-card gift-form" noValidate aria-labelledby="report-title" onSubmit={(e) => check.proceed(e, validateGift(values), (ev) => submit(ev, values))}>
      <DraftNotice draft={draft} />
      <ErrorSummary {...summary} />
      {alert ? (
        <div className="form-alert" role="alert">
          {alert}
        </div>
      ) : null}
      <RadioGroup
        id={`${P}-residentOfIndia`}
        name="residentOfIndia"
        legend="Do you live in India?"
        required
        options={RESIDENT}
        value={values.residentOfIndia}
        onChange={(v) => set('residentOfIndia', v as GiftValues['residentOfIndia'])}
        error={errors.residentOfIndia}
      />
      {values.residentOfIndia === 'no' ? (
        <Abroad fcra={fcra} reach={reach} />
      ) : (
        <>
          <fieldset className="gift-section">
            <legend>Your gift</legend>
            <div className="form-row">
              <TextInput
                id={`${P}-amount`}
                label="Amount in rupees"
                required
                inputMode="decimal"
                autoComplete="off"
                hint={paise !== null ? `You are reporting ${formatRupees(paise)}.` : 'Digits only, for example 5000 or 5000.50.'}
                value={values.amount}
                onChange={text('amount')}
                error={errors.amount}
              />
              <TextInput
                id={`${P}-paidOn`}
                label="Date you paid"
                type="date"
                required
                max={todayISO()}
                value={values.paidOn}
                onChange={text('paidOn')}
                error={errors.paidOn}
              />
            </div>
            <RadioGroup
              id={`${P}-mode`}
              name="mode"
              legend="How did you pay?"
              required
              options={MODES}
              value={values.mode}
              onChange={(v) => set('mode', v)}
              error={errors.mode}
            />
            {cash ? null : (
              <TextInput
                id={`${P}-reference`}
                label={ref ? ref[0] : 'Transaction reference'}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={ref ? ref[1] : 'Choose how you paid first: the reference is found in your bank’s or UPI app’s message.'}
                value={values.reference}
                onChange={text('reference')}
                error={errors.reference}
              />
            )}
            <RadioGroup
              id={`${P}-purpose`}
              name="purpose"
              legend="What is your gift for?"
              required
              options={PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] ?? p }))}
              value={values.purpose}
              onChange={(v) => set('purpose', v)}
              error={errors.purpose}
            />
          </fieldset>
          <fieldset className="gift-section">
            <legend>Your receipt</legend>
            <RadioGroup
              id={`${P}-receiptType`}
              name="receiptType"
              legend="Which receipt would you like?"
              required
              options={RECEIPTS}
              value={values.receiptType}
              onChange={(v) => set('receiptType', v)}
              error={errors.receiptType}
              hint={receiptHint}
            />
            <RadioGroup
              id={`${P}-idType`}
              name="idType"
              legend="Which ID will you give?"
              required
              options={ID_TYPES}
              value={values.idType}
              onChange={(v) => setValues((s) => ({ ...s, idType: v as GiftValues['idType'], idNumber: v === s.idType ? s.idNumber : '' }))}
              error={errors.idType}
              hint={idHint}
            />
            {idField ? (
              <TextInput
                id={`${P}-idNumber`}
                label={idField[0]}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode={values.idType === 'AADHAAR' ? 'numeric' : undefined}
                hint={idField[1]}
                value={values.idNumber}
                onChange={text('idNumber')}
                error={errors.idNumber}
              />
            ) : null}
          </fieldset>
          <fieldset className="gift-section">
            <legend>About you</legend>
            <TextInput
              id={`${P}-donorName`}
              label="Your name"
              required
              autoComplete="name"
              hint={values.receiptType === '80G' ? 'As written on your PAN card.' : undefined}
              value={values.donorName}
              onChange={text('donorName')}
              error={errors.donorName}
            />
            <div className="form-row">
              <TextInput
                id={`${P}-email`}
                label="Email"
                type="email"
                required
                autoComplete="email"
                hint="Your receipt is sent here."
                value={values.email}
                onChange={text('email')}
                error={errors.email}
              />
              <TextInput id={`${P}-phone`} label="Phone" type="tel" autoComplete="tel" value={values.phone} onChange={text('phone')} error={errors.phone} />
            </div>
            <TextArea
              id={`${P}-address`}
              label="Address"
              rows={3}
              required
              autoComplete="street-address"
              hint="It is printed on your receipt."
              value={values.address}
              onChange={text('address')}
              error={errors.address}
            />
          </fieldset>
          <Checkbox
            id={`${P}-consent`}
            required
            label={
              <>
                I agree that SPDC keeps these details to match my gift, send my receipt and report it to the Income Tax
                Department as the law requires (see the <Link to={paths.privacy}>privacy policy</Link>).
              </>
            }
            checked={values.consent}
            onChange={(c) => set('consent', c)}
            error={errors.consent}
          />
          <OnBehalf form="donation" />
          <LazyPrivacyNotice form="donation" />
          <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send my report'}
          </button>
          <ClearFormButton draft={draft} />
        </>
      )}
    </form>
  );
}
