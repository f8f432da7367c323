// Pieces every part of the care register uses: its messages (a part of the
// catalogue of their own, fetched when a register page opens), the words
// for its codes in the reader's language, and the panel that shows both
// versions when someone else changed a record meanwhile.
import type { ReactNode } from 'react';
import { PartMessages } from '@/components/part-messages';
import { ApiError, messageOf } from '@/lib/api';
import { can, type SessionUser } from '@/lib/session';
import { t, useT } from '@/i18n';

/** CareMessages has the register's messages fetched before its pages render. */
export function CareMessages({ children }: { children: ReactNode }) {
  return <PartMessages part="care">{children}</PartMessages>;
}

/** Denied is what a page says when the person's roles do not allow it. */
export function Denied() {
  const t = useT();
  return (
    <section className="page-section admin-page">
      <h1>{t('care.denied.title')}</h1>
      <p>{t('care.denied.text')}</p>
    </section>
  );
}

/** mayUse reports whether the person's roles allow perm; an admin signed
 * in before roles existed has isAdmin alone. The server decides anyway. */
export function mayUse(user: SessionUser | null, perm: string): boolean {
  return can(user, perm) || (user?.isAdmin === true && !user.permissions);
}

/** word shows a code of the register (a service, a status) in the
 * reader's language: care.<group>.<code>. */
export function word(group: string, code: string | undefined | null): string {
  if (!code) return '-';
  const key = `care.${group}.${code}`;
  const s = t(key);
  return s === key ? code : s;
}

/** problemOf is what a failed save says: the server's message, or a plain one. */
export function problemOf(err: unknown): string {
  if (err instanceof ApiError && err.status === 0) return t('care.network');
  return messageOf(err, t('care.saveFailed'));
}

/** isConflict reports a save refused because the record changed meanwhile. */
export function isConflict(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409;
}

export interface ConflictRow {
  label: string;
  mine: string;
  theirs: string;
}

/** ConflictPanel shows, field by field, what this person typed beside
 * what is saved now, and lets them save theirs over it or take the saved
 * version. Nothing typed is lost until they choose. */
export function ConflictPanel({ rows, onKeepMine, onTakeTheirs, busy }: { rows: ConflictRow[]; onKeepMine: () => void; onTakeTheirs: () => void; busy?: boolean }) {
  return (
    <div className="care-conflict" role="alert">
      <p>{t('care.conflict.intro')}</p>
      <table className="care-table">
        <caption>{t('care.conflict.caption')}</caption>
        <Head cols={[t('care.conflict.field'), t('care.conflict.mine'), t('care.conflict.theirs')]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={r.mine !== r.theirs ? 'care-differs' : undefined}>
              <th scope="row">{r.label}</th>
              <td>{r.mine || '-'}</td>
              <td>{r.theirs || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="care-buttons">
        <button type="button" className="btn btn-primary" onClick={onKeepMine} disabled={busy}>
          {t('care.conflict.keepMine')}
        </button>
        <button type="button" className="btn" onClick={onTakeTheirs} disabled={busy}>
          {t('care.conflict.takeTheirs')}
        </button>
      </div>
    </div>
  );
}

/** Head is a table's row of column headings. */
export function Head({ cols }: { cols: string[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Problem is a form's message about the whole save. */
export function Problem({ text }: { text: string }) {
  return text ? (
    <p className="care-problem" role="alert">
      {text}
    </p>
  ) : null;
}

/** Done is a form's lasting confirmation of what was saved. */
export function Done({ text }: { text: string }) {
  return text ? (
    <p className="care-done" role="status">
      {text}
    </p>
  ) : null;
}
