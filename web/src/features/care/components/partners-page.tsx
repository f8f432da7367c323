// The partners directory: the hospitals, doctors, guest houses and temples
// the program works with, which a care plan's action can name. Listed
// here with the form to add one; changing or removing one is done in the
// dashboard's Partners tab, like every other list.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorSummary, SelectInput, TextArea, TextInput, useFormSubmit, type FieldErrors } from '@/components/form/form-kit';
import { checkCare } from './check';
import { partnerSchema } from '@/lib/schemas/care/partner.gen';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useT } from '@/i18n';
import { addPartner, PARTNER_KINDS, type Partner, type PartnerInput } from '../api/care-api';
import { careKeys, usePartners } from '../api/queries';
import { OwnQueries } from '@/lib/query-client';
import { CareMessages, Denied, Done, Head, mayUse, Problem, problemOf, word } from './shared';
import './care.css';

const P = 'care-partner';
const ORDER = ['kind', 'name', 'city', 'phone', 'email', 'notes'] as const;
const empty: PartnerInput = { kind: '', name: '', city: '', phone: '', email: '', notes: '' };

/** validatePartner checks the kind, a name, and the shapes of phone and email. */
export function validatePartner(v: PartnerInput): FieldErrors {
  return checkCare(partnerSchema, v);
}

export function PartnersPage() {
  return (
    <CareMessages>
      <OwnQueries>
        <Partners />
      </OwnQueries>
    </CareMessages>
  );
}

function Partners() {
  const t = useT();
  const { user } = useSession();
  const partners = usePartners();
  const denied = partners.error instanceof ApiError && partners.error.status === 403;
  const list: Partner[] | null = partners.data ?? (partners.isError ? [] : null);
  const client = useQueryClient();
  const [values, setValues] = useState<PartnerInput>(empty);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const set = (k: keyof PartnerInput) => (e: { target: { value: string } }) => setValues((s) => ({ ...s, [k]: e.target.value }));
  const { errors, busy, submit, summary } = useFormSubmit<PartnerInput>({
    prefix: P,
    order: ORDER,
    values,
    validate: (v) => validatePartner(v),
    draft: { form: 'care-partner', empty, setValues },
    send: async (v) => {
      setProblem('');
      setDone('');
      const saved = await addPartner({ ...v, name: v.name.trim() });
      setValues(empty);
      setDone(t('care.partners.saved', { name: saved.name ?? v.name }));
      void client.invalidateQueries({ queryKey: careKeys.partners });
    },
    failed: (err) => setProblem(problemOf(err)),
  });
  if (denied) {
    return <Denied />;
  }
  return (
    <section className="page-section admin-page care-partners" aria-labelledby="care-partners-title">
      <nav aria-label={t('care.nav')} className="care-nav">
        <Link to={`${paths.admin}?tab=partners`}>{t('care.partners.tab')}</Link>
        <Link to={`${paths.admin}?tab=care`}>{t('care.backToList')}</Link>
      </nav>
      <h1 id="care-partners-title">{t('care.partners.title')}</h1>
      <p>{t('care.partners.intro')}</p>
      {list === null ? (
        <p role="status">{t('care.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('care.partners.none')}</p>
      ) : (
        <table className="care-table">
          <caption>{t('care.partners.title')}</caption>
          <Head cols={[t('care.field.partnerName'), t('care.field.partnerKind'), t('care.field.city'), t('care.field.phone'), t('care.field.email')]} />
          <tbody>
            {list.map((p) => (
              <tr key={p._id}>
                <th scope="row">{p.name}</th>
                <td>{word('partnerKind', p.kind)}</td>
                <td>{p.city || '-'}</td>
                <td>{p.phone || '-'}</td>
                <td>{p.email || '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayUse(user, 'care.write') && (
        <form className="care-form care-subform" noValidate onSubmit={(e) => submit(e, values)} aria-labelledby={`${P}-title`}>
          <h2 id={`${P}-title`}>{t('care.partners.add')}</h2>
          <ErrorSummary {...summary} />
          <div className="form-row">
            <SelectInput id={`${P}-kind`} label={t('care.field.partnerKind')} required options={PARTNER_KINDS} optionLabel={(k) => word('partnerKind', k)} placeholder={t('care.choose')} value={values.kind} onChange={set('kind')} error={errors.kind} />
            <TextInput id={`${P}-name`} label={t('care.field.partnerName')} required maxLength={partnerSchema.name.max} value={values.name} onChange={set('name')} error={errors.name} />
          </div>
          <div className="form-row">
            <TextInput id={`${P}-city`} label={t('care.field.city')} maxLength={partnerSchema.city.max} value={values.city ?? ''} onChange={set('city')} error={errors.city} />
            <TextInput id={`${P}-phone`} type="tel" label={t('care.field.phone')} value={values.phone ?? ''} onChange={set('phone')} error={errors.phone} />
            <TextInput id={`${P}-email`} type="email" label={t('care.field.email')} value={values.email ?? ''} onChange={set('email')} error={errors.email} />
          </div>
          <TextArea id={`${P}-notes`} label={t('care.field.notes')} rows={2} value={values.notes ?? ''} onChange={set('notes')} error={errors.notes} />
          <Problem text={problem} />
          <Done text={done} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('care.saving') : t('care.partners.save')}
          </button>
        </form>
      )}
    </section>
  );
}
