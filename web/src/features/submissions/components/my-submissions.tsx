// My Account's list of the user's volunteer, disciple and host submissions
// and messages, each with its reference and status (received; awaiting
// confirmation; confirmed; declined; expired; and the staff's follow-up as
// the person may see it: in touch, interview, active volunteer, visited,
// approved, not taken forward, withdrawn; a message answered or closed),
// and the replies the staff sent the person about it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getMySubmissions, type Submission, type SubmissionStatus, type SubmissionType } from '../api/submissions-api';
import './submissions.css';
import { formatDay as formatDate } from '@/lib/dates';
import { SubmissionRef } from './submission-ref';
import { tn, useT } from '@/i18n';

// Message keys: the names of the kinds of form, each status, and what a
// status means for the person.
const typeLabel: Record<SubmissionType, string> = {
  volunteer: 'subs.type.volunteer',
  disciple: 'account.assisted.form.disciple',
  host: 'account.assisted.form.host',
  contact: 'subs.type.contact',
};

const statusText: Record<SubmissionStatus, string> = {
  received: 'subs.status.received',
  'awaiting confirmation': 'subs.status.awaiting',
  'confirmed — needs review': 'subs.status.review',
  'not accepted': 'subs.status.notAccepted',
  confirmed: 'subs.status.confirmed',
  declined: 'subs.status.declined',
  expired: 'subs.status.expired',
  'in touch': 'subs.status.inTouch',
  interview: 'subs.status.interview',
  'active volunteer': 'subs.status.active',
  visited: 'subs.status.visited',
  approved: 'subs.status.approved',
  'not taken forward': 'subs.status.notForward',
  withdrawn: 'subs.status.withdrawn',
  answered: 'subs.status.answered',
  closed: 'subs.status.closed',
};

const statusHelp: Partial<Record<SubmissionStatus, string>> = {
  'awaiting confirmation': 'subs.help.awaiting',
  'confirmed — needs review': 'subs.help.review',
  'not accepted': 'subs.help.notAccepted',
  declined: 'subs.help.declined',
  expired: 'subs.help.expired',
  'in touch': 'subs.help.inTouch',
  interview: 'subs.help.interview',
  'not taken forward': 'subs.help.notForward',
};

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: Submission[] };

/** MySubmissions lists the signed-in user's own submissions. */
export function MySubmissions() {
  const t = useT();
  const help = (s: SubmissionStatus) => statusHelp[s];
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const ctrl = new AbortController();
    getMySubmissions(ctrl.signal).then(
      (items) => setState({ kind: 'ready', items: Array.isArray(items) ? items : [] }),
      (err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setState({ kind: 'error' });
      },
    );
    return () => ctrl.abort();
  }, []);

  return (
    <section className="subs" aria-labelledby="subs-title">
      <h2 id="subs-title">{t('subs.title')}</h2>
      {state.kind === 'loading' ? <p role="status">{t('subs.loading')}</p> : null}
      {state.kind === 'error' ? <p role="alert">{t('subs.error')}</p> : null}
      {state.kind === 'ready' && state.items.length === 0 ? (
        <p>
          {tn(
            'subs.none',
            {},
            {
              volunteer: (c) => <Link to={paths.becomeVolunteer}>{c}</Link>,
              disciple: (c) => <Link to={paths.discipleRegistration}>{c}</Link>,
              host: (c) => <Link to={paths.host}>{c}</Link>,
            },
          )}
        </p>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className="subs-list">
          {state.items.map((s) => (
            <li key={`${s.type}-${s._id}`} className="subs-item">
              <div className="subs-head">
                <span className="subs-type">{typeLabel[s.type] ? t(typeLabel[s.type]) : s.type}</span>
                <span className={`subs-status subs-${s.status.replace(/[^a-z]+/g, '-')}`}>{statusText[s.status] ? t(statusText[s.status]) : s.status}</span>
              </div>
              <div className="subs-name">{s.name}</div>
              <SubmissionRef reference={s.reference} />
              <div className="subs-date">{t('subs.sentOn', { day: formatDate(s.createdAt) })}</div>
              {help(s.status) ? <p className="subs-help">{t(help(s.status)!)}</p> : null}
              {s.replies && s.replies.length > 0 ? (
                <section className="subs-replies" aria-label={t('subs.replies')}>
                  {s.replies.map((r, i) => (
                    <article key={i} className="subs-reply">
                      <h3 className="subs-reply-subject">{r.subject}</h3>
                      <p className="subs-date">{t('subs.replySent', { day: formatDate(r.sentAt) })}</p>
                      <p className="subs-reply-body">{r.body}</p>
                    </article>
                  ))}
                </section>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
