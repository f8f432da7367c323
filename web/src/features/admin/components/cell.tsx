// One table cell: long text cut with the full text on hover and focus,
// Yes/No with a tick or cross, en-US dates, the referrer's four parts,
// a choice in the admin's language.
import { useT } from '@/i18n';
import { isReferrer, textOf, truncate } from './format';

/** The Mail tab's status of a message the server wrote to a file instead
 * of sending it (no mail server is set up). */
export const MAIL_WRITTEN_TO_FILE = 'written to a file, not sent';

function Truncated({ text }: { text: string }) {
  const short = truncate(text);
  if (short === text) return <>{text}</>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users can open the full-text tip, as hover does
    <span className="admin-trunc" tabIndex={0} title={text}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{text}</span>
      <span className="admin-trunc-tip" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}

/** Cell shows one value; labels are the words for a field's choices in
 * the admin's language (the server's), the stored value being shown where
 * there are none. */
export function Cell({ field, value, labels }: { field: string; value: unknown; labels?: Record<string, string> }) {
  const t = useT();
  if (typeof value === 'boolean') {
    return value ? (
      <span className="admin-yes">
        <span aria-hidden="true">✓ </span>
        {t('admin.yes')}
      </span>
    ) : (
      <span className="admin-no">
        <span aria-hidden="true">✗ </span>
        {t('admin.no')}
      </span>
    );
  }
  if (isReferrer(field, value)) {
    const parts: [string, string | undefined][] = [
      [t('admin.refName'), value.name],
      [t('admin.refPosition'), value.position],
      [t('admin.refContact'), value.contact],
      [t('admin.refEmail'), value.email],
    ];
    if (parts.every(([, v]) => !v)) return <>-</>;
    return (
      <ul className="admin-referrer">
        {parts.map(([label, v]) => (
          <li key={label}>
            <span className="sr-only">{label}: </span>
            <Truncated text={v || '-'} />
          </li>
        ))}
      </ul>
    );
  }
  // The Mail tab's status of a message written to a file, in the reader's language.
  if (field === 'status' && value === MAIL_WRITTEN_TO_FILE) return <span className="admin-mail-file">{t('admin.mailWritten')}</span>;
  if (labels && typeof value === 'string' && labels[value]) return <Truncated text={labels[value]} />;
  if (labels && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return <Truncated text={value.map((v: string) => labels[v] ?? v).join(', ')} />;
  }
  const text = textOf(field, value);
  return <Truncated text={text} />;
}
