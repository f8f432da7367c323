// My Account's list of the user's volunteer, disciple and host submissions
// and messages, each with its reference and status (received; awaiting
// confirmation; confirmed; declined; expired; and the staff's follow-up as
// the person may see it: in touch, interview, active volunteer, visited,
// approved, not taken forward, withdrawn).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getMySubmissions, type Submission, type SubmissionStatus, type SubmissionType } from '../api/submissions-api';
import './submissions.css';
import { formatDay as formatDate } from '@/lib/dates';
import { SubmissionRef } from './submission-ref';

const typeLabel: Record<SubmissionType, string> = {
  volunteer: 'Volunteer registration',
  disciple: 'Disciple registration',
  host: 'Host offer',
  contact: 'Message to us',
};

const statusText: Record<SubmissionStatus, string> = {
  received: 'Received',
  'awaiting confirmation': 'Awaiting confirmation',
  'confirmed — needs review': 'Confirmed — needs review',
  'not accepted': 'Not accepted',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  'in touch': 'In touch',
  interview: 'Interview',
  'active volunteer': 'Active volunteer',
  visited: 'Visited',
  approved: 'Approved',
  'not taken forward': 'Not taken forward',
  withdrawn: 'Withdrawn',
};

const statusHelp: Partial<Record<SubmissionStatus, string>> = {
  'awaiting confirmation': 'We have emailed your temple president a link to confirm it.',
  'confirmed — needs review': 'Your temple president has answered; an SPDC admin is checking the confirmation before approving it.',
  'not accepted': 'SPDC could not accept the confirmation. Please contact us: we will help you find someone who can confirm you.',
  declined: 'Your temple president could not confirm it; we have emailed you the reason.',
  expired: 'Your temple president did not answer within 30 days. Please contact us to send a new link.',
  'in touch': 'A coordinator has been in touch with you.',
  interview: 'A coordinator will arrange a conversation with you.',
  'not taken forward': 'We could not take this forward for now. Thank you for offering.',
};


type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; items: Submission[] };

/** MySubmissions lists the signed-in user's own submissions. */
export function MySubmissions() {
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
      <h2 id="subs-title">My submissions</h2>
      {state.kind === 'loading' ? <p role="status">Loading your submissions…</p> : null}
      {state.kind === 'error' ? <p role="alert">Your submissions could not be loaded. Please try again later.</p> : null}
      {state.kind === 'ready' && state.items.length === 0 ? (
        <p>
          You have not sent any forms yet. You can <Link to={paths.becomeVolunteer}>become a volunteer</Link>,{' '}
          <Link to={paths.discipleRegistration}>register as a disciple</Link> or <Link to={paths.host}>offer to host</Link>.
        </p>
      ) : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className="subs-list">
          {state.items.map((s) => (
            <li key={`${s.type}-${s._id}`} className="subs-item">
              <div className="subs-head">
                <span className="subs-type">{typeLabel[s.type] ?? s.type}</span>
                <span className={`subs-status subs-${s.status.replace(/[^a-z]+/g, '-')}`}>{statusText[s.status] ?? s.status}</span>
              </div>
              <div className="subs-name">{s.name}</div>
              <SubmissionRef reference={s.reference} />
              <div className="subs-date">Sent on {formatDate(s.createdAt)}</div>
              {statusHelp[s.status] ? <p className="subs-help">{statusHelp[s.status]}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
