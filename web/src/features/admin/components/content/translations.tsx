// The Site content in Hindi and Bengali: the choice of the language being
// edited, the list of what still lacks a translation (settings, items of
// each collection, pages), the translatable settings in the chosen
// language (the notes above them; the form is content-area's), and each
// collection's English items with their translation.
// English is every text's fallback: what is not translated shows in
// English to visitors of that language.
import { useId, useState } from 'react';
import { messageOf } from '@/lib/api';
import { LANGS, LANG_NAMES, parseLang, useT, type Lang } from '@/i18n';
import type { CollectionDef, Doc, SiteField, SiteItem } from '../../api/site-admin';
import { useContentChanged, useItems, useTranslations } from '../../api/content-queries';
import { ConfirmDelete } from './confirm-delete';
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
 * way to go and write it. It is read again after each save. */
export function TranslationList({ titles, onGo }: { titles: Record<string, string>; onGo: (lang: Lang, section: string) => void }) {
  const t = useT();
  const { data, error } = useTranslations();
  // The list is drawn only while it is open (it can be long).
  const [open, setOpen] = useState(false);
  if (error) return <p role="alert">{messageOf(error, t('admin.content.translationsLoadFailed'))}</p>;
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

/** translatable are the settings kept per language, none required: a
 * translatable field whole, and a group (or list of groups) holding
 * translatable fields with those fields only, so its numbers and addresses
 * stay the English ones. */
export const translatable = (fields: SiteField[]): SiteField[] =>
  fields.flatMap((f) => {
    if (f.translatable) return [{ ...f, required: false }];
    const inner = f.fields ? translatable(f.fields) : [];
    return inner.length > 0 ? [{ ...f, required: false, fields: inner }] : [];
  });

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
 * its translation into lang: write it, edit it or delete it; then the items
 * written in lang alone, which can be added, edited and deleted here. The
 * order is the English list's (deleting an English item deletes its
 * translations). */
export function TranslatedCollectionPanel({ def, lang }: { def: CollectionDef; lang: Lang }) {
  const en = useItems(def.name, 'en');
  const tr = useItems(def.name, lang);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SiteItem | null>(null);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<{ english: SiteItem | null; item: SiteItem | null } | null>(null);
  const changed = useContentChanged();
  const titleId = useId();
  const t = useT();
  // The lists show once both are read.
  const english = en.data && tr.data ? en.data.items : null;
  const translated = english ? (tr.data?.items ?? []) : [];
  const byOriginal: Record<string, SiteItem> = Object.fromEntries(translated.filter((x) => x.translationOf).map((x) => [String(x.translationOf), x]));
  const own = translated.filter((x) => !x.translationOf);
  const loadError = en.error ?? tr.error;

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
      {loadError && <p role="alert">{messageOf(loadError, t('admin.listFailed'))}</p>}
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
                  {tr && (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      onClick={() => setDeleting(tr)}
                      aria-label={t('admin.content.deleteTranslationName', { title, lang: LANG_NAMES[lang] })}
                    >
                      {t('admin.delete')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <h3>{t('admin.content.ownItems', { lang: LANG_NAMES[lang] })}</h3>
      <p>{t('admin.content.ownItemsIntro', { lang: LANG_NAMES[lang] })}</p>
      {english && own.length === 0 && <p>{t('admin.content.ownNone')}</p>}
      {own.length > 0 && (
        <ol className="admin-items">
          {own.map((it) => {
            const title = itemTitle(it);
            return (
              <li key={it._id} className="admin-item">
                <div className="admin-item-text">
                  <strong lang={lang}>{title}</strong>
                  {!it.published && <span className="admin-badge">{t('admin.content.notPublished')}</span>}
                </div>
                <div className="admin-actions">
                  <button type="button" className="btn btn-small" onClick={() => setEditing({ english: null, item: it })} aria-label={t('admin.content.editName', { title })}>
                    {t('admin.edit')}
                  </button>
                  <button type="button" className="btn btn-small btn-danger" onClick={() => setDeleting(it)} aria-label={t('admin.content.deleteName', { title })}>
                    {t('admin.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p>
        <button type="button" className="btn btn-small" onClick={() => setAdding(true)}>
          {t('admin.content.addOwn', { lang: LANG_NAMES[lang] })}
        </button>
      </p>
      {status && (
        <p role="status" className="sr-only">
          {status}
        </p>
      )}
      {(adding || editing) && (
        <ItemEditor
          def={def}
          item={adding ? null : editing!.item}
          translating={!adding && editing!.english ? { lang, english: editing!.english } : undefined}
          lang={adding ? lang : undefined}
          onClose={() => {
            setEditing(null);
            setAdding(false);
          }}
          onSaved={() => {
            setEditing(null);
            setAdding(false);
            changed(def.name);
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          collection={def.name}
          item={deleting}
          onCancel={() => setDeleting(null)}
          onDeleted={(done) => {
            setStatus(done);
            setDeleting(null);
            changed(def.name);
          }}
        />
      )}
    </section>
  );
}
