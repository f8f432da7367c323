// The Contact Us message form: name, email, subject, phone,
// message and the terms checkbox, each with its own prompt. A hidden
// honeypot field catches bots; the server also limits messages per address.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/lazy-toaster';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api';
import { sendContact, type ContactPayload } from '../api/contact-api';
import { keepConfirmation } from '@/lib/confirmation';
import { Checkbox, TextArea, TextInput, ClearFormButton, DraftNotice, ErrorSummary, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkFields, emptyValues } from '@/components/form/check-fields';
import { contactSchema } from '@/lib/schemas/contact.gen';
import { LazyPrivacyNotice } from '@/features/privacy/components/lazy-notice';
import { OnBehalf, onBehalfPart, useStandIn } from '@/components/form/on-behalf';
import { t, tn } from '@/i18n';

const P = 'contact';
// The fields in the order the form shows them, as the schema lists them.
const ORDER = Object.keys(contactSchema);
const empty: ContactPayload = { ...emptyValues(contactSchema), website: '' };

/** validateContact: a prompt for each empty field, then shapes, as the
 * message's schema says. */
export function validateContact(v: ContactPayload): FieldErrors {
  return checkFields(contactSchema, v);
}

/** ContactForm is rendered by the Contact Us page. */
export function ContactForm() {
  const [values, setValues] = useState<ContactPayload>(empty);
  const [sent, setSent] = useState('');

  const text = (k: 'name' | 'email' | 'subject' | 'phone' | 'message' | 'website') => (e: { target: { value: string } }) =>
    setValues((s) => ({ ...s, [k]: e.target.value }));

  const validate = useStandIn('contact', validateContact);
  const { errors, busy, submit, summary, draft } = useFormSubmit<ContactPayload>({
    prefix: P,
    order: ORDER,
    values,
    draft: { form: 'contact', empty: empty, setValues },
    validate,
    part: onBehalfPart('contact'),
    notice: 'contact',
    send: async (v, extra) => {
      const res = await sendContact({ ...v, ...extra });
      keepConfirmation('contact', res, v.email);
      const msg = res.message || t('contact.thanks');
      toast.success(msg);
      setSent(msg);
      setValues(empty);
    },
    failed: (err) => toast.error(messageOf(err, t('contact.failed'))),
  });

  return (
    <form className="form-card" noValidate onSubmit={(e) => submit(e, values)} aria-label={t('contact.sendUs')}>
        <DraftNotice draft={draft} />
        <ErrorSummary {...summary} />
      {sent ? (
        <p className="form-note" role="status">
          {sent}
        </p>
      ) : null}
      <div className="form-row">
        <TextInput id={`${P}-name`} label={t('contact.name')} required autoComplete="name" value={values.name} onChange={text('name')} error={errors.name} />
        <TextInput id={`${P}-email`} label={t('contact.email')} type="email" required autoComplete="email" value={values.email} onChange={text('email')} error={errors.email} />
      </div>
      <div className="form-row">
        <TextInput id={`${P}-subject`} label={t('contact.subject')} required value={values.subject} onChange={text('subject')} error={errors.subject} />
        <TextInput id={`${P}-phone`} label={t('contact.phone')} type="tel" required autoComplete="tel" value={values.phone} onChange={text('phone')} error={errors.phone} />
      </div>
      <TextArea id={`${P}-message`} label={t('contact.message')} required rows={5} value={values.message} onChange={text('message')} error={errors.message} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${P}-website`}>{t('form.honeypot')}</label>
        <input id={`${P}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={text('website')} />
      </div>
      <Checkbox
        id={`${P}-acceptTerms`}
        required
        label={
          <>
            {tn('contact.acceptTerms', {}, { link: (c) => <Link to={paths.terms}>{c}</Link> })}
          </>
        }
        checked={values.acceptTerms}
        onChange={(c) => setValues((s) => ({ ...s, acceptTerms: c }))}
        error={errors.acceptTerms}
      />
      <OnBehalf form="contact" />
      <LazyPrivacyNotice form="contact" />
      <button type="submit" className="btn btn-primary form-submit" disabled={busy}>
        {busy ? 'Sending...' : t('contact.submit')}
      </button>
        <ClearFormButton draft={draft} />
    </form>
  );
}
