// My Account's "Sent for others": the forms the signed-in person sent on
// behalf of an elder, each with how the elder consented, the witness, the
// notice's language and, for a guardian's consent, whether the program
// has recorded the guardian's order. Nothing shows for someone who never
// sent a form for anyone.
import { useEffect, useState } from 'react';
import { t, useT } from '@/i18n';
import { api } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { CONSENT_METHODS, NOTICE_LANGUAGES } from '@/components/form/on-behalf-choices';

export interface AssistedRecord {
  _id: string;
  form: string;
  ref: string;
  consentMethod: string;
  noticeLanguage: string;
  witnessName: string;
  witnessContact: string;
  givenAt: string;
  withdrawnAt: string | null;
  guardianOrderNeeded: boolean;
  guardian: { name: string; authority: string; orderRef: string; orderDate: string } | null;
}

const FORMS: Record<string, string> = {
  disciple: 'account.assisted.form.disciple',
  host: 'account.assisted.form.host',
  contact: 'account.assisted.form.contact',
  donation: 'account.assisted.form.donation',
};

const keyLabel = (choices: readonly { value: string; key: string }[], v: string) => {
  const c = choices.find((x) => x.value === v);
  return c ? t(c.key) : v;
};
export const methodLabel = (m: string) => keyLabel(CONSENT_METHODS, m);
export const languageLabel = (l: string) => keyLabel(NOTICE_LANGUAGES, l);

export function SentForOthers() {
  const t = useT();
  const [list, setList] = useState<AssistedRecord[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api<{ assisted: AssistedRecord[] }>('/users/me/assisted', { signal: ctrl.signal }).then(
      (r) => setList(r.assisted ?? []),
      () => setList([]),
    );
    return () => ctrl.abort();
  }, []);
  if (!list || list.length === 0) return null;
  return (
    <>
      <h3>{t('account.assisted.title')}</h3>
      <ul className="mydata-consents">
        {list.map((a) => (
          <li key={a._id}>
            <strong>{FORMS[a.form] ? t(FORMS[a.form]) : a.form}</strong>
            {a.ref ? ` ${a.ref}` : ''}
            {t('account.assisted.sent', {
              day: formatDay(a.givenAt),
              method: methodLabel(a.consentMethod),
              language: languageLabel(a.noticeLanguage),
              witness: a.witnessName,
              contact: a.witnessContact,
            })}
            {a.guardianOrderNeeded ? ` ${t('account.assisted.orderNeeded')}` : ''}
            {a.guardian
              ? ` ${t('account.assisted.guardian', { name: a.guardian.name, orderRef: a.guardian.orderRef, orderDate: a.guardian.orderDate, authority: a.guardian.authority })}`
              : ''}
            {a.withdrawnAt ? ` ${t('account.assisted.withdrawn', { day: formatDay(a.withdrawnAt) })}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
