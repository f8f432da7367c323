// The short itemised privacy notice each form shows: every piece of data
// the form asks for and why, how long it is kept, how to withdraw consent
// and how to complain. A summary line until opened; the notice itself is
// fetched when the visitor opens it, so the form costs nothing more.
import { useRef, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getNotice, type PrivacyNoticeData } from '../api/privacy-api';
import { noteShownNotice } from '@/lib/shown-notice';
import { tn, useT } from '@/i18n';
import './privacy.css';

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; notice: PrivacyNoticeData };

export default function PrivacyNotice({ form }: { form: string }) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'closed' });
  const asked = useRef(false);

  function onToggle(e: SyntheticEvent<HTMLDetailsElement>) {
    if (!e.currentTarget.open || asked.current) return;
    asked.current = true;
    setState({ kind: 'loading' });
    getNotice(form).then(
      // Anything but a notice (an old server, an error page) is a failure.
      (n) => {
        if (n && Array.isArray(n.items) && typeof n.version === 'string') {
          noteShownNotice(form, n.language, n.version);
          setState({ kind: 'ready', notice: n });
        } else {
          setState({ kind: 'failed' });
        }
      },
      () => setState({ kind: 'failed' }),
    );
  }

  const notice = state.kind === 'ready' ? state.notice : null;
  return (
    <details className="privacy-notice" onToggle={onToggle} data-notice-version={notice?.version}>
      <summary>{t('notice.summary')}</summary>
      {state.kind === 'loading' ? <p role="status">{t('notice.loading')}</p> : null}
      {state.kind === 'failed' ? (
        <p role="alert">{tn('notice.failed', {}, { link: (c) => <Link to={paths.privacy}>{c}</Link> })}</p>
      ) : null}
      {notice ? (
        <>
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
          <p>{tn('notice.more', { version: notice.version }, { link: (c) => <Link to={paths.privacy}>{c}</Link> })}</p>
        </>
      ) : null}
    </details>
  );
}
