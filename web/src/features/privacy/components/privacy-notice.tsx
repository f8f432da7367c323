// The short itemised privacy notice each form shows: every piece of data
// the form asks for and why, how long it is kept, how to withdraw consent
// and how to complain. Closed by default (a summary line), fetched when
// the form is shown.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getNotice, type PrivacyNoticeData } from '../api/privacy-api';
import './privacy.css';

export default function PrivacyNotice({ form }: { form: string }) {
  const [notice, setNotice] = useState<PrivacyNoticeData | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getNotice(form, ctrl.signal).then(setNotice, () => setNotice(null));
    return () => ctrl.abort();
  }, [form]);
  if (!notice) return null;
  return (
    <details className="privacy-notice" data-notice-version={notice.version}>
      <summary>How we use what you give in this form (privacy notice)</summary>
      <dl>
        {notice.items.map((it) => (
          <div key={it.field}>
            <dt>{it.label}</dt>
            <dd>{it.purpose}</dd>
          </div>
        ))}
      </dl>
      <p>{notice.keep}</p>
      <p>{notice.withdraw}</p>
      <p>{notice.complain}</p>
      <p>
        More on our <Link to={paths.privacy}>Privacy page</Link>. Notice version {notice.version}.
      </p>
    </details>
  );
}
