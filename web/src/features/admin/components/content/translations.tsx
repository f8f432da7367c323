// The Site content in Hindi and Bengali: the choice of the language being
// edited, the list of what still lacks a translation (settings, items of
// each collection, pages), the translatable settings in the chosen
// language (the notes above them; the form is content-area's), and each
// collection's English items with their translation.
// English is every text's fallback: what is not translated shows in
// English to visitors of that language.
import { useEffect, useId, useState } from 'react';
import { messageOf } from '@/lib/api';
import { LANGS, LANG_NAMES, parseLang, useT, type Lang } from '@/i18n';
import { fetchItems, fetchTranslations, type CollectionDef, type Doc, type SiteField, type SiteItem, type Translations } from '../../api/site-admin';
import { EnglishText } from './english-text';
import { itemTitle } from './form-helpers';
import { ItemEditor } from './item-editor';

const langList = (codes: string[]) => codes.map((c) => LANG_NAMES[parseLang(c) ?? 'en']).join(', ');

/** ContentLanguage chooses the language the content is edited in. */
export function ContentLanguage({ lang, onChange }: { lang: Lang; onChange: (l: Lang) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="admin-language">
      <label htmlFor={id}>{t('admin.content.language')}</label>
      <select id={id} value={lang} onChange={(e) => onChange(parseLang(e.target.value) ?? 'en')} aria-describedby={`${id}-hint`}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="admin-hint">
        {t('admin.content.languageHint')}
      </span>
    </div>
  );
}

/** TranslationList tells what lacks a Hindi or Bengali translation, with a
 * way to go and write it. reload changes after each save. */
export function TranslationList({ reload, titles, onGo }: { reload: number; titles: Record<string, string>; onGo: (lang: Lang, section: string) => void }) {
  const t = useT();
  const [data, setData] = useState<Translations | null>(null);
  const [error, setError] = useState('');
  // The list is drawn only while it is open (it can be long).
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    fetchTranslations()
      .then((d) => {
        if (!live) return;
        setData(d);
        setError('');
      })
      .catch((err) => live && setError(messageOf(err, t('admin.content.translationsLoadFailed'))));
    return () => {
      live = false;
    };
  }, [reload, t]);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return null;
  const langs = data.languages.map((l) => parseLang(l)).filter((l): l is Lang => l !== null);
  return (
    <details className="admin-translations" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {data.items.length === 0
          ? t('admin.content.allTranslated')
          : t('admin.content.translations', { n: data.items.length })}
      </summary>
      {open && (
        <>
      <p>
        {langs
          .map((l) => t('admin.content.translationCount', { lang: LANG_NAMES[l], missing: data.counts[l]?.missing ?? 0, outdated: data.counts[l]?.outdated ?? 0 }))
          .join(' ')}
      </p>
      <ul>
        {data.items.map((it) => {
          const section = it.collection === 'settings' ? 'settings' : it.collection;
          const where = titles[section] ?? section;
          return (
            <li key={`${it.collection}/${it._id}`}>
              <span>
                <strong>{where}:</strong> {it.label}
              </span>
              {it.missing.length > 0 && <span className="admin-badge admin-badge-todo">{t('admin.content.missingIn', { langs: langList(it.missing) })}</span>}
              {it.outdated.length > 0 && <span className="admin-badge">{t('admin.content.outdatedIn', { langs: langList(it.outdated) })}</span>}
              {[...it.missing, ...it.outdated].map((code) => {
                const l = parseLang(code);
                return l ? (
                  <button key={l} type="button" className="btn btn-small" onClick={() => onGo(l, section)} aria-label={t('admin.content.translateName', { title: `${where}: ${it.label}`, lang: LANG_NAMES[l] })}>
                    {t('admin.content.translateInto', { lang: LANG_NAMES[l] })}
                  </button>
                ) : null;
              })}
            </li>
          );
        })}
      </ul>
        </>
      )}
    </details>
  );
}

/** translatable are the settings kept per language, none required. */
export const translatable = (fields: SiteField[]) => fields.filter((f) => f.translatable).map((f) => ({ ...f, required: false }));

/** TranslationNotes go above the settings in another language: what to
 * do, the fields whose English changed since they were translated, and
 * the English text. */
export function TranslationNotes({ fields, english, draft, lang }: { fields: SiteField[]; english: Doc; draft: Doc; lang: Lang }) {
  const t = useT();
  const outdated = Array.isArray(draft.outdated) ? (draft.outdated as string[]) : [];
  const labels = fields.filter((f) => outdated.includes(f.key)).map((f) => f.label);
  return (
    <>
      <p>{t('admin.content.settingsInIntro', { lang: LANG_NAMES[lang] })}</p>
      {labels.length > 0 && <p className="admin-form-message">{t('admin.content.outdatedFields', { fields: labels.join(', ') })}</p>}
      <EnglishText fields={fields} doc={english} />
    </>
  );
}

type Status = 'missing' | 'outdated' | 'done';

function statusOf(english: SiteItem, tr: SiteItem | undefined): Status {
  if (!tr) return 'missing';
  return Date.parse(String(tr.updatedAt ?? '')) < Date.parse(String(english.updatedAt ?? '')) ? 'outdated' : 'done';
}

/** TranslatedCollectionPanel lists a collection's English items, each with
 * its translation into lang: write it, or edit it. Order and deletion are
 * the English list's (deleting an English item deletes its translations). */
export function TranslatedCollectionPanel({ def, lang, onChanged }: { def: CollectionDef; lang: Lang; onChanged: () => void }) {
  const [english, setEnglish] = useState<SiteItem[] | null>(null);
  const [byOriginal, setByOriginal] = useState<Record<string, SiteItem>>({});
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<{ english: SiteItem; item: SiteItem | null } | null>(null);
  const [reload, setReload] = useState(0);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    let live = true;
    Promise.all([fetchItems(def.name), fetchItems(def.name, lang)])
      .then(([en, tr]) => {
        if (!live) return;
        setEnglish(en.items);
        setByOriginal(Object.fromEntries(tr.items.filter((x) => x.translationOf).map((x) => [String(x.translationOf), x])));
      })
      .catch((err) => live && setLoadError(messageOf(err, t('admin.listFailed'))));
    return () => {
      live = false;
    };
  }, [def.name, lang, reload, t]);

  const label: Record<Status, string> = {
    missing: t('admin.content.statusMissing'),
    outdated: t('admin.content.statusOutdated'),
    done: t('admin.content.statusDone'),
  };
  return (
    <section aria-labelledby={titleId}>
      <div className="admin-panel-head">
        <h2 id={titleId}>{t('admin.content.collectionIn', { title: def.title, lang: LANG_NAMES[lang] })}</h2>
      </div>
      <p>{t('admin.content.collectionInIntro', { lang: LANG_NAMES[lang] })}</p>
      {loadError && <p role="alert">{loadError}</p>}
      {!english && !loadError && <p>{t('admin.loading')}</p>}
      {english && english.length === 0 && <p>{t('admin.content.empty')}</p>}
      {english && english.length > 0 && (
        <ol className="admin-items">
          {english.map((en) => {
            const tr = byOriginal[en._id];
            const status = statusOf(en, tr);
            const title = itemTitle(en);
            return (
              <li key={en._id} className="admin-item">
                <div className="admin-item-text">
                  <strong>{title}</strong>
                  {tr && itemTitle(tr) !== title && <span lang={lang}>({itemTitle(tr)})</span>}
                  <span className={`admin-badge ${status === 'missing' ? 'admin-badge-todo' : status === 'done' ? 'admin-badge-done' : ''}`}>{label[status]}</span>
                  {tr && !tr.published && <span className="admin-badge">{t('admin.content.notPublished')}</span>}
                </div>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setEditing({ english: en, item: tr ?? null })}
                    aria-label={tr ? t('admin.content.editTranslationName', { title, lang: LANG_NAMES[lang] }) : t('admin.content.translateName', { title, lang: LANG_NAMES[lang] })}
                  >
                    {tr ? t('admin.content.editTranslation') : t('admin.content.translate')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {editing && (
        <ItemEditor
          def={def}
          item={editing.item}
          translating={{ lang, english: editing.english }}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReload((n) => n + 1);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
