// The dialog that adds or edits an item of a collection. Translating, it
// starts from the English item (its pictures, icons and dates kept) with
// the English text beside the form, and saves the item in the chosen
// language as the English item's translation. Given only a language, it
// adds an item that exists in that language alone.
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { refreshSiteData } from '@/lib/site-data';
import { LANG_NAMES, useT, type Lang } from '@/i18n';
import { createItem, updateItem, type CollectionDef, type Doc, type SiteItem } from '../../api/site-admin';
import { Modal } from '../modal';
import { TOAST, focusFirstError, refusal } from './content-shared';
import { bodyOf, emptyDoc, itemTitle, withDefaults } from './form-helpers';
import { RecordForm } from './record-form';
import { EnglishText } from './english-text';

/** Translating names the language written in and the English item. */
export interface Translating {
  lang: Lang;
  english: SiteItem;
}

function firstDraft(def: CollectionDef, item: SiteItem | null, translating?: Translating): Doc {
  if (item) return withDefaults(def.fields, item);
  if (translating) return { ...withDefaults(def.fields, bodyOf(def.fields, translating.english, [])), published: true };
  return { ...emptyDoc(def.fields), published: true };
}

export function ItemEditor({
  def,
  item,
  translating,
  lang,
  onClose,
  onSaved,
}: {
  def: CollectionDef;
  item: SiteItem | null;
  translating?: Translating;
  /** lang: a new item written in this language alone. */
  lang?: Lang;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Doc>(() => firstDraft(def, item, translating));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const prefix = useId();
  const formId = useId();
  const t = useT();

  async function save() {
    setSaving(true);
    setMessage('');
    setErrors({});
    try {
      if (item) await updateItem(def.name, { ...(bodyOf(def.fields, draft) as SiteItem), _id: item._id });
      else if (translating) await createItem(def.name, { ...bodyOf(def.fields, draft, ['published']), language: translating.lang, translationOf: translating.english._id });
      else if (lang) await createItem(def.name, { ...bodyOf(def.fields, draft, ['published']), language: lang });
      else await createItem(def.name, bodyOf(def.fields, draft, ['published']));
      toast.success(item ? t('admin.saved') : t('admin.content.added'), TOAST);
      void refreshSiteData();
      onSaved();
    } catch (err) {
      const r = refusal(err, t('admin.content.saveFailed'));
      setMessage(r.message);
      setErrors(r.errors);
      focusFirstError(prefix, r.errors, def.fields);
    } finally {
      setSaving(false);
    }
  }

  const title = translating
    ? t('admin.content.translateTitle', { title: itemTitle(translating.english), lang: LANG_NAMES[translating.lang] })
    : item
      ? t('admin.content.editTitle', { title: itemTitle(item) })
      : lang
        ? t('admin.content.addToIn', { title: def.title, lang: LANG_NAMES[lang] })
        : t('admin.content.addTo', { title: def.title });
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {saving ? t('admin.saving') : t('admin.save')}
          </button>
        </>
      }
    >
      {translating && <EnglishText fields={def.fields} doc={translating.english} />}
      <RecordForm fields={def.fields} draft={draft} setDraft={setDraft} errors={errors} message={message} prefix={prefix} onSubmit={save} formId={formId}>
        <div className="admin-field admin-check">
          <input id={`${prefix}-published`} type="checkbox" checked={draft.published === true} onChange={(e) => setDraft({ ...draft, published: e.target.checked })} />
          <label htmlFor={`${prefix}-published`}>{t('admin.content.publishedLabel')}</label>
        </div>
      </RecordForm>
    </Modal>
  );
}
