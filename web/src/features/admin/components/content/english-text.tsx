// The English text a translation is written from, shown beside the form
// (open, and closable to save room): each text field's English value,
// lines one under the other, and the texts of a group (a list of groups
// numbered, as the translation follows it by position). Pictures, numbers
// and choices are left out.
import { useT } from '@/i18n';
import type { Doc, SiteField } from '../../api/site-admin';

const isText = (f: SiteField) => (f.kind === 'text' || f.kind === 'list') && !f.options && f.format !== 'media' && f.format !== 'video' && f.format !== 'date';

function groupText(f: SiteField, v: unknown): string {
  const g = v && typeof v === 'object' ? (v as Doc) : {};
  return (f.fields ?? [])
    .map((i) => textOf(i, g[i.key]))
    .filter((x) => x.trim())
    .join(' · ');
}

function textOf(f: SiteField, v: unknown): string {
  if (f.kind === 'object') return groupText(f, v);
  if (f.kind === 'objects') {
    return Array.isArray(v) ? v.map((e, n) => `${n + 1}. ${groupText(f, e)}`).join('\n') : '';
  }
  if (!isText(f)) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n');
  return '';
}

export function EnglishText({ fields, doc }: { fields: SiteField[]; doc: Doc }) {
  const t = useT();
  const shown = fields.filter((f) => textOf(f, doc[f.key]).trim());
  if (shown.length === 0) return null;
  return (
    <details className="admin-english" open>
      <summary>{t('admin.content.englishText')}</summary>
      <dl lang="en">
        {shown.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd>{textOf(f, doc[f.key])}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
