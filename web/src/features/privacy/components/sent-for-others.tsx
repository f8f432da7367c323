// My Account's "Sent for others": the forms the signed-in person sent on
// behalf of an elder, each with how the elder consented, the witness, the
// notice's language and, for a guardian's consent, whether the program
// has recorded the guardian's order. Nothing shows for someone who never
// sent a form for anyone.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { CONSENT_METHODS, NOTICE_LANGUAGES } from '@/components/form/on-behalf';

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
  disciple: 'Disciple registration',
  host: 'Host offer',
  contact: 'Contact message',
  donation: 'Donation report',
};

export const methodLabel = (m: string) => CONSENT_METHODS.find((x) => x.value === m)?.label ?? m;
export const languageLabel = (l: string) => NOTICE_LANGUAGES.find((x) => x.value === l)?.label ?? l;

export function SentForOthers() {
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
      <h3>Sent for others</h3>
      <ul className="mydata-consents">
        {list.map((a) => (
          <li key={a._id}>
            <strong>{FORMS[a.form] ?? a.form}</strong>
            {a.ref ? ` ${a.ref}` : ''}, sent on {formatDay(a.givenAt)}. Consent: {methodLabel(a.consentMethod)}; notice given in{' '}
            {languageLabel(a.noticeLanguage)}; witness {a.witnessName} ({a.witnessContact}).
            {a.guardianOrderNeeded ? ' The guardian’s court order is not yet recorded: please send us a copy.' : ''}
            {a.guardian ? ` Guardian ${a.guardian.name}, order ${a.guardian.orderRef} of ${a.guardian.orderDate} (${a.guardian.authority}).` : ''}
            {a.withdrawnAt ? ` Withdrawn on ${formatDay(a.withdrawnAt)}.` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
