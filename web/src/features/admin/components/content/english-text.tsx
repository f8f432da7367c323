// The English text a translation is written from, shown beside the form
// (open, and closable to save room): each text field's English value,
// lines one under the other. Pictures, numbers and choices are left out.
import { useT } from '@/i18n';
import type { Doc, SiteField } from '../../api/site-admin';

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n');
  return '';
}

export function EnglishText({ fields, doc }: { fields: SiteField[]; doc: Doc }) {
  const t = useT();
  const shown = fields.filter((f) => (f.kind === 'text' || f.kind === 'list') && !f.options && f.format !== 'media' && f.format !== 'video' && f.format !== 'date' && textOf(doc[f.key]).trim());
  if (shown.length === 0) return null;
  return (
    <details className="admin-english" open>
      <summary>{t('admin.content.englishText')}</summary>
      <dl lang="en">
        {shown.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd>{textOf(doc[f.key])}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
