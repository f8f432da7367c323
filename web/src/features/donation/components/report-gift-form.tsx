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
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { Markdown } from '@/components/markdown';
import { ApiError } from '@/lib/api';
import { donationSchema } from '@/lib/schemas/donation.gen';
import { useProfilePrefill } from '@/lib/profile';
import { useSession } from '@/lib/session';
import {
  Checkbox,
  ClearFormButton,
  DraftNotice,
  ErrorSummary,
  TextArea,
  TextInput,
  useFormSubmit,
  type FieldErrors,
} from '@/components/form/form-kit';
import { checkFields } from '@/components/form/check-fields';
import {
  CASH_LIMIT_80G_PAISE,
  PAN_THRESHOLD_PAISE,
  amountPaise,
  checkGiftRules,
  formatRupees,
} from '@/lib/india';
import { PURPOSES, reportGift, type Donation, type GiftReport } from '../api/donation-api';
import { modeName } from './labels';
import { showDay, todayISO } from '@/lib/dates';
import { keepConfirmation } from '@/lib/confirmation';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf, onBehalfPart, useStandIn } from '@/components/form/on-behalf';
import { RadioGroup, type Choice } from '@/components/form/radio-group';
import { CheckAnswers, useCheckStep, type AnswerSection } from '@/components/form/check-answers';
import { hasMessage, t, tn, useT } from '@/i18n';

const P = 'gift';
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

// The choices and labels are read when the form is drawn, so they follow
// the language being shown.
const choices = (key: string, values: readonly string[]): Choice[] => values.map((value) => ({ value, label: t(`${key}.${value}`) }));
const residentChoices = () => choices('gift.resident', ['yes', 'no']);
const modeChoices = () => choices('gift.mode', ['UPI', 'IMPS', 'NEFT', 'RTGS', 'CHEQUE', 'CASH']);
const idChoices = () => choices('gift.id', ['PAN', 'AADHAAR', 'OTHER', 'NONE']);
const receiptChoices = () => choices('gift.receipt', ['80G', 'General']);

/** purposeLabel names a purpose; one the form does not know is shown as it is. */
function purposeLabel(p: string): string {
  return hasMessage(`gift.purpose.${p}`) && p !== 'legend' ? t(`gift.purpose.${p}`) : p;
}

/** The label and hint of the reference field for each payment mode. */
function referenceField(mode: string): [string, string] | undefined {
  if (mode === 'UPI' || mode === 'IMPS' || mode === 'CHEQUE') return [t(`gift.ref.${mode}`), t(`gift.ref.${mode}Hint`)];
  if (mode === 'NEFT' || mode === 'RTGS') return [t(`gift.ref.${mode}`), t('gift.ref.longHint')];
  return undefined;
}

/** The label and hint of the ID number field for each kind of ID. */
function idField(idType: string): [string, string] | undefined {
  return idType === 'PAN' || idType === 'AADHAAR' || idType === 'OTHER' ? [t(`gift.idField.${idType}`), t(`gift.idField.${idType}Hint`)] : undefined;
}

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
  const ref = referenceField(v.mode);
  const id = idField(v.idType);
  const gift: AnswerSection['rows'] = [
    { key: 'residentOfIndia', label: t('gift.resident.legend'), value: choiceLabel(residentChoices(), v.residentOfIndia) },
    { key: 'amount', label: t('gift.amount'), value: paise === null ? v.amount : formatRupees(paise) },
    { key: 'paidOn', label: t('gift.paidOn'), value: v.paidOn ? showDay(v.paidOn) : '' },
    { key: 'mode', label: t('gift.mode.legend'), value: choiceLabel(modeChoices(), v.mode) },
  ];
  if (ref) gift.push({ key: 'reference', label: ref[0], value: v.reference });
  gift.push({ key: 'purpose', label: t('gift.purpose.legend'), value: purposeLabel(v.purpose) });
  const receipt: AnswerSection['rows'] = [
    { key: 'receiptType', label: t('gift.receipt.legend'), value: choiceLabel(receiptChoices(), v.receiptType) },
    { key: 'idType', label: t('gift.id.legend'), value: choiceLabel(idChoices(), v.idType) },
  ];
  // A PAN is shown as the receipt will print it, in capitals.
  if (id) receipt.push({ key: 'idNumber', label: id[0], value: v.idType === 'PAN' ? v.idNumber.trim().toUpperCase() : v.idNumber });
  return [
    { title: t('gift.section.gift'), rows: gift },
    { title: t('gift.section.receipt'), rows: receipt },
    {
      title: t('gift.section.you'),
      rows: [
        { key: 'donorName', label: t('gift.name'), value: v.donorName },
        { key: 'email', label: t('form.email'), value: v.email },
        { key: 'phone', label: t('form.phone'), value: v.phone },
        { key: 'address', label: t('form.address'), value: v.address },
        { key: 'consent', label: t('gift.consentShort'), value: v.consent },
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
  if (!v.idType && !e.idType) e.idType = t('gift.err.idType');
  if (!v.paidOn) e.paidOn = t('gift.err.paidOn');
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.paidOn) || Number.isNaN(Date.parse(v.paidOn))) e.paidOn = t('gift.err.paidOnFormat');
  else if (v.paidOn > today) e.paidOn = t('gift.err.paidOnFuture');
  else if (v.paidOn < '2000-01-01') e.paidOn = t('gift.err.paidOnOld');
  // The donor's own details, as the donation's schema says.
  return { ...e, ...checkFields(donationSchema, v, ['purpose', 'donorName', 'email', 'phone', 'address', 'consent']) };
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
  const t = useT();
  return (
    <div className="form-note" id={`${P}-rules`}>
      <p className="gift-rules-title">{t('gift.rules.title')}</p>
      <ul>
        <li>{t('gift.rules.pan')}</li>
        <li>{t('gift.rules.80G')}</li>
        <li>{t('gift.rules.cash')}</li>
        <li>{t('gift.rules.abroad')}</li>
      </ul>
    </div>
  );
}

function Abroad({ fcra, reach }: { fcra: string; reach: ReactNode }) {
  return (
    <div className="form-note gift-abroad" role="region" aria-labelledby={`${P}-abroad-title`}>
      <h3 id={`${P}-abroad-title`}>{t('gift.abroad.title')}</h3>
      <p>{t('gift.abroad.text')}</p>
      {fcra.trim() ? <Markdown text={fcra} /> : reach}
    </div>
  );
}

/** Received is the lasting confirmation shown after sending. */
function Received({ d, onClose }: { d: Donation; onClose: () => void }) {
  const t = useT();
  const signedIn = Boolean(useSession().token);
  const rows: [string, string][] = [
    [t('gift.amount'), d.amountText || formatRupees(d.amountPaise)],
    [t('gift.done.paidOn'), showDay(d.paidOn)],
    [t('gift.done.mode'), modeName(d.mode)],
    ...(d.reference ? ([[t('gift.done.reference'), d.reference]] as [string, string][]) : []),
    [t('gift.done.for'), purposeLabel(d.purpose)],
    [t('gift.done.receipt'), d.receiptType === '80G' ? t('gift.receipt.80GShort') : t('gift.receipt.GeneralShort')],
    [t('gift.done.reportedOn'), showDay(d.createdAt)],
  ];
  return (
    <div className="gift-received" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
      <h3>{t('gift.done.title')}</h3>
      <dl className="details-list">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p>
        {tn('gift.done.next', { email: d.email }, { b: (c) => <strong>{c}</strong> })}
        {d.mode === 'CHEQUE' ? ` ${t('gift.done.cheque')}` : ''}{' '}
        {signedIn ? tn('gift.done.account', {}, { link: (c) => <Link to={paths.myAccount}>{c}</Link> }) : null}
      </p>
      <button type="button" className="btn btn-outline" onClick={onClose}>
        {t('gift.done.again')}
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
  useT();
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
  const validate = useStandIn('donation', validateGift);
  const { errors, busy, submit, summary, draft } = useFormSubmit<GiftValues>({
    prefix: P,
    order: ORDER,
    values,
    // The ID number is never written down in the browser.
    draft: { form: 'donation', empty: emptyGift, setValues, secret: ['idNumber'] },
    // The error summary lists the problems (validate runs again as the
    // values change, so it only checks); the alert is for what no field
    // shows: a duplicate report, a server that cannot be reached.
    validate,
    part: onBehalfPart('donation'),
    notice: 'donation',
    send: async (v, extra) => {
      setAlert(null);
      const res = await check.sending(() => reportGift({ ...toReport(v), ...extra }));
      keepConfirmation('donation', res, v.email);
      setAlert(null);
      setSent(res.donation);
      toast.success(t('gift.toast.sent'));
    },
    failed: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        setAlert(
          <>
            {err.message || t('gift.fail.duplicate')} {tn('gift.fail.duplicateHelp', {}, { link: (c) => <Link to={paths.contact}>{c}</Link> })}
          </>,
        );
      } else if (err instanceof ApiError && err.status === 400) {
        setAlert(err.message || t('gift.fail.fields'));
      } else {
        setAlert(err instanceof ApiError && err.message ? err.message : t('gift.fail.other'));
      }
      toast.error(t('gift.toast.failed'));
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
  const ref = referenceField(values.mode);
  const id = idField(values.idType);
  const needPan = paise !== null && paise > PAN_THRESHOLD_PAISE;
  const cashNo80G = cash && paise !== null && paise > CASH_LIMIT_80G_PAISE;

  const idHint = (
    <>
      {needPan ? <strong>{t('gift.hint.panRequired')} </strong> : null}
      {values.receiptType === '80G' ? `${t('gift.hint.80G')} ` : null}
      {t('gift.hint.idKept')}
    </>
  );
  const receiptHint = cashNo80G ? (
    <strong>{t('gift.hint.cashNo80G')}</strong>
  ) : cash ? (
    t('gift.hint.cash')
  ) : undefined;

  return (
    <form className="form-card gift-form" noValidate aria-labelledby="report-title" onSubmit={(e) => check.proceed(e, validate(values), (ev) => submit(ev, values))}>
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
        legend={t('gift.resident.legend')}
        required
        options={residentChoices()}
        value={values.residentOfIndia}
        onChange={(v) => set('residentOfIndia', v as GiftValues['residentOfIndia'])}
        error={errors.residentOfIndia}
      />
      {values.residentOfIndia === 'no' ? (
        <Abroad fcra={fcra} reach={reach} />
      ) : (
        <>
          <fieldset className="gift-section">
            <legend>{t('gift.section.gift')}</legend>
            <div className="form-row">
              <TextInput
                id={`${P}-amount`}
                label={t('gift.amountRupees')}
                required
                inputMode="decimal"
                autoComplete="off"
                hint={paise !== null ? t('gift.amountReporting', { amount: formatRupees(paise) }) : t('gift.amountHint')}
                value={values.amount}
                onChange={text('amount')}
                error={errors.amount}
              />
              <TextInput
                id={`${P}-paidOn`}
                label={t('gift.paidOn')}
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
              legend={t('gift.mode.legend')}
              required
              options={modeChoices()}
              value={values.mode}
              onChange={(v) => set('mode', v)}
              error={errors.mode}
            />
            {cash ? null : (
              <TextInput
                id={`${P}-reference`}
                label={ref ? ref[0] : t('gift.ref.any')}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={ref ? ref[1] : t('gift.ref.anyHint')}
                value={values.reference}
                onChange={text('reference')}
                error={errors.reference}
              />
            )}
            <RadioGroup
              id={`${P}-purpose`}
              name="purpose"
              legend={t('gift.purpose.legend')}
              required
              options={PURPOSES.map((p) => ({ value: p, label: purposeLabel(p) }))}
              value={values.purpose}
              onChange={(v) => set('purpose', v)}
              error={errors.purpose}
            />
          </fieldset>
          <fieldset className="gift-section">
            <legend>{t('gift.section.receipt')}</legend>
            <RadioGroup
              id={`${P}-receiptType`}
              name="receiptType"
              legend={t('gift.receipt.legend')}
              required
              options={receiptChoices()}
              value={values.receiptType}
              onChange={(v) => set('receiptType', v)}
              error={errors.receiptType}
              hint={receiptHint}
            />
            <RadioGroup
              id={`${P}-idType`}
              name="idType"
              legend={t('gift.id.legend')}
              required
              options={idChoices()}
              value={values.idType}
              onChange={(v) => setValues((s) => ({ ...s, idType: v as GiftValues['idType'], idNumber: v === s.idType ? s.idNumber : '' }))}
              error={errors.idType}
              hint={idHint}
            />
            {id ? (
              <TextInput
                id={`${P}-idNumber`}
                label={id[0]}
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode={values.idType === 'AADHAAR' ? 'numeric' : undefined}
                hint={id[1]}
                value={values.idNumber}
                onChange={text('idNumber')}
                error={errors.idNumber}
              />
            ) : null}
          </fieldset>
          <fieldset className="gift-section">
            <legend>{t('gift.section.you')}</legend>
            <TextInput
              id={`${P}-donorName`}
              label={t('gift.name')}
              required
              autoComplete="name"
              hint={values.receiptType === '80G' ? t('gift.nameHint') : undefined}
              value={values.donorName}
              onChange={text('donorName')}
              error={errors.donorName}
            />
            <div className="form-row">
              <TextInput
                id={`${P}-email`}
                label={t('form.email')}
                type="email"
                required
                autoComplete="email"
                hint={t('gift.emailHint')}
                value={values.email}
                onChange={text('email')}
                error={errors.email}
              />
              <TextInput id={`${P}-phone`} label={t('form.phone')} type="tel" autoComplete="tel" value={values.phone} onChange={text('phone')} error={errors.phone} />
            </div>
            <TextArea
              id={`${P}-address`}
              label={t('form.address')}
              rows={3}
              required
              autoComplete="street-address"
              hint={t('gift.addressHint')}
              value={values.address}
              onChange={text('address')}
              error={errors.address}
            />
          </fieldset>
          <Checkbox
            id={`${P}-consent`}
            required
            label={tn('gift.consent', {}, { link: (c) => <Link to={paths.privacy}>{c}</Link> })}
            checked={values.consent}
            onChange={(c) => set('consent', c)}
            error={errors.consent}
          />
          <OnBehalf form="donation" />
          <LazyPrivacyNotice form="donation" />
          <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
            {busy ? t('gift.sending') : t('gift.send')}
          </button>
          <ClearFormButton draft={draft} />
        </>
      )}
    </form>
  );
}
