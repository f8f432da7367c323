// The dashboard's Site content area (loaded only when an admin opens it):
// the setup checklist until everything is set, what lacks a Hindi or
// Bengali translation, the language being edited, the settings form, and
// for each collection its items with add, edit, reorder, publish and
// delete (in Hindi or Bengali: each English item's translation, see
// translations.tsx). Forms are drawn from the field definitions the server
// sends.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, messageOf } from '@/lib/api';
import { refreshSiteData, type MediaRef } from '@/lib/site-data';
import { LANG_NAMES, useT, type Lang } from '@/i18n';
import { orderItems, saveSettings, updateItem, type ChecklistItem, type CollectionDef, type Doc, type SiteField, type SiteItem } from '../../api/site-admin';
import { contentKeys, itemsQuery, settingsQuery, useContentChanged, useItems, useSettings, useSiteDefs } from '../../api/content-queries';
import { TOAST, conflictText, focusFirstError, refusal } from './content-shared';
import { bodyOf, itemTitle, moveItem, previewPath, withDefaults } from './form-helpers';
import { ConfirmDelete } from './confirm-delete';
import { ItemEditor } from './item-editor';
import { MediaContext, useMediaIndex } from './media-index';
import { RecordForm } from './record-form';
import { ContentLanguage, TranslatedCollectionPanel, TranslationList, TranslationNotes, translatable } from './translations';
import './content.css';

function PreviewLink({ to, what }: { to: string; what: string }) {
  const t = useT();
  return (
    <a className="btn btn-small" href={to} target="_blank" rel="noopener">
      {t('admin.content.preview')}
      <span className="sr-only"> {t('admin.content.previewWhat', { what })}</span>
    </a>
  );
}

function Checklist({ items }: { items: ChecklistItem[] }) {
  const t = useT();
  const done = items.filter((i) => i.done).length;
  if (items.length === 0 || done === items.length) return null;
  return (
    <section className="admin-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{t('admin.content.checklist')}</h2>
      <p>
        {t('admin.content.checklistDone', { done, total: items.length })}
      </p>
      <ul>
        {items.map((i) => (
          <li key={i.key} className={i.done ? 'is-done' : 'is-todo'}>
            <span className="admin-check-mark" aria-hidden="true">
              {i.done ? '✓' : '○'}
            </span>
            {i.label}
            <span className="sr-only">{i.done ? ` ${t('admin.content.done')}` : ` ${t('admin.content.todo')}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SettingsPanel reads the settings in lang (and in another language the
 * English ones, shown above the form) and opens their form on them. */
function SettingsPanel({ fields: all, lang }: { fields: SiteField[]; lang: Lang }) {
  const fields = useMemo(() => (lang === 'en' ? all : translatable(all)), [all, lang]);
  const doc = useSettings(lang);
  const english = useSettings('en', lang !== 'en');
  const [reading, setReading] = useState(false);
  const client = useQueryClient();
  const t = useT();
  // Reload (after a conflict) drops what was read, shows Loading… until
  // the settings are read again, then opens the form afresh on them.
  async function reload() {
    setReading(true);
    await client.resetQueries({ queryKey: contentKeys.settings });
    setReading(false);
  }
  // An answer read once stays: a later read that fails does not take the
  // form away from beneath the admin.
  if (reading || !doc.data || (lang !== 'en' && !english.data)) {
    const err = reading ? null : (doc.error ?? english.error);
    return err ? <p role="alert">{messageOf(err, t('admin.content.settingsLoadFailed'))}</p> : <p>{t('admin.loading')}</p>;
  }
  return <SettingsForm fields={fields} lang={lang} doc={doc.data} english={lang === 'en' ? null : (english.data ?? null)} onReload={reload} />;
}

/** SettingsForm edits the settings in English, or in another language
 * the translatable ones, with the English text shown above them. Its
 * draft is seeded once from doc: a later read leaves it as it is. */
function SettingsForm({ fields, lang, doc, english, onReload }: { fields: SiteField[]; lang: Lang; doc: Doc; english: Doc | null; onReload: () => void }) {
  const [draft, setDraft] = useState<Doc>(() => withDefaults(fields, doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const client = useQueryClient();
  const changed = useContentChanged();
  const prefix = useId();
  const t = useT();

  async function save() {
    setSaving(true);
    setMessage('');
    setErrors({});
    try {
      const saved = await saveSettings(bodyOf(fields, draft, ['__v']), lang);
      setDraft(withDefaults(fields, saved));
      client.setQueryData(settingsQuery(lang).queryKey, saved);
      setConflict(false);
      toast.success(lang === 'en' ? t('admin.content.settingsSaved') : t('admin.content.translationSaved', { lang: LANG_NAMES[lang] }), TOAST);
      void refreshSiteData();
      changed();
    } catch (err) {
      const r = refusal(err, t('admin.content.settingsSaveFailed'));
      setMessage(r.message);
      setErrors(r.errors);
      setConflict(r.conflict);
      focusFirstError(prefix, r.errors, fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${prefix}-title`}>
      <div className="admin-panel-head">
        <h2 id={`${prefix}-title`}>{lang === 'en' ? t('admin.content.settings') : t('admin.content.settingsIn', { lang: LANG_NAMES[lang] })}</h2>
        {lang === 'en' && <PreviewLink to={previewPath('settings')} what={t('admin.content.contactDetails')} />}
      </div>
      {lang !== 'en' && english && <TranslationNotes fields={fields} english={english} draft={draft} lang={lang} />}
      <RecordForm fields={fields} draft={draft} setDraft={setDraft} errors={errors} message={message} prefix={prefix} onSubmit={save}>
        <div className="admin-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('admin.saving') : lang === 'en' ? t('admin.content.saveSettings') : t('admin.content.saveTranslation', { lang: LANG_NAMES[lang] })}
          </button>
          {conflict && (
            <button type="button" className="btn" onClick={onReload}>
              {t('admin.content.reload')}
            </button>
          )}
        </div>
      </RecordForm>
    </section>
  );
}

function CollectionPanel({ def }: { def: CollectionDef }) {
  const { data, error: loadError } = useItems(def.name, 'en');
  const items = data?.items ?? null;
  const [editing, setEditing] = useState<SiteItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteItem | null>(null);
  const [status, setStatus] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const { add } = useMediaIndex();
  const client = useQueryClient();
  const changed = useContentChanged();
  const titleId = useId();
  const t = useT();
  const key = itemsQuery(def.name, 'en').queryKey;
  const reread = () => void client.invalidateQueries({ queryKey: contentKeys.collection(def.name) });

  useEffect(() => {
    if (data) add(Object.values(data.media));
  }, [data, add]);

  const refresh = () => changed(def.name);

  async function move(i: number, delta: -1 | 1) {
    if (!data || !items) return;
    const next = moveItem(items, i, i + delta);
    const moved = items[i];
    // The new order shows at once; a read under way would put the old one back.
    void client.cancelQueries({ queryKey: key });
    client.setQueryData(key, { ...data, items: next });
    try {
      await orderItems(
        def.name,
        next.map((x) => x._id),
      );
      setStatus(t('admin.content.moved', { title: itemTitle(moved), place: i + delta + 1, total: next.length }));
      void refreshSiteData();
      // Focus follows the item; at an end, the other move button.
      setTimeout(() => {
        const want = document.getElementById(`${titleId}-${delta < 0 ? 'up' : 'down'}-${moved._id}`) as HTMLButtonElement | null;
        const other = document.getElementById(`${titleId}-${delta < 0 ? 'down' : 'up'}-${moved._id}`) as HTMLButtonElement | null;
        (want && !want.disabled ? want : other)?.focus();
      }, 0);
      reread();
    } catch (err) {
      client.setQueryData(key, data);
      toast.error(messageOf(err, t('admin.content.orderFailed')), TOAST);
    }
  }

  async function togglePublished(item: SiteItem) {
    try {
      await updateItem(def.name, { ...(bodyOf(def.fields, item) as SiteItem), _id: item._id, published: !item.published });
      setStatus(item.published ? t('admin.content.hidden', { title: itemTitle(item) }) : t('admin.content.shown', { title: itemTitle(item) }));
      void refreshSiteData();
      refresh();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 409 ? conflictText() : messageOf(err, t('admin.content.saveFailed')), TOAST);
      if (err instanceof ApiError && err.status === 409) reread();
    }
  }

  return (
    <section aria-labelledby={titleId}>
      <div className="admin-panel-head">
        <h2 id={titleId}>{def.title}</h2>
        <button ref={addButton} type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
          {t('admin.content.addTo', { title: def.title })}
        </button>
        <PreviewLink to={previewPath(def.name)} what={def.title} />
      </div>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      {loadError && <p role="alert">{messageOf(loadError, t('admin.listFailed'))}</p>}
      {!items && !loadError && <p>{t('admin.loading')}</p>}
      {items && items.length === 0 && <p>{t('admin.content.empty')}</p>}
      {items && items.length > 0 && (
        <ol className="admin-items">
          {items.map((it, i) => {
            const title = itemTitle(it);
            return (
              <li key={it._id} className="admin-item">
                <div className="admin-item-text">
                  <strong>{title}</strong>
                  {!it.published && <span className="admin-badge">{t('admin.content.notPublished')}</span>}
                </div>
                <div className="admin-actions">
                  <button type="button" className="btn btn-small" onClick={() => setEditing(it)} aria-label={t('admin.editName', { name: title })}>
                    {t('admin.edit')}
                  </button>
                  <button
                    id={`${titleId}-up-${it._id}`}
                    type="button"
                    className="btn btn-small"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('admin.content.moveUp', { title })}
                  >
                    ↑ {t('admin.content.up')}
                  </button>
                  <button
                    id={`${titleId}-down-${it._id}`}
                    type="button"
                    className="btn btn-small"
                    disabled={i === items.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('admin.content.moveDown', { title })}
                  >
                    ↓ {t('admin.content.down')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => togglePublished(it)} aria-label={it.published ? t('admin.content.unpublishName', { title }) : t('admin.content.publishName', { title })}>
                    {it.published ? t('admin.content.unpublish') : t('admin.content.publish')}
                  </button>
                  {def.name !== 'pages' || !it.published ? null : <PreviewLink to={previewPath(def.name, it)} what={title} />}
                  <button type="button" className="btn btn-small btn-danger" onClick={() => setDeleting(it)} aria-label={t('admin.deleteName', { name: title })}>
                    {t('admin.delete')}
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
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
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
            refresh();
            setTimeout(() => addButton.current?.focus(), 0);
          }}
        />
      )}
    </section>
  );
}

export default function ContentArea() {
  const { data: defs, error } = useSiteDefs();
  const [section, setSection] = useState('settings');
  const [lang, setLang] = useState<Lang>('en');
  const t = useT();
  const [media, setMedia] = useState<Record<string, MediaRef>>({});
  const add = useCallback((refs: MediaRef[]) => {
    if (refs.length === 0) return;
    setMedia((m) => {
      const next = { ...m };
      for (const r of refs) if (r && r._id) next[r._id] = r;
      return next;
    });
  }, []);
  const index = useMemo(() => ({ byId: media, add }), [media, add]);

  // Definitions read once stay: a later read that fails (after a save, to
  // update the checklist) leaves the forms as they are.
  if (!defs) return error ? <p role="alert">{messageOf(error, t('admin.content.loadFailed'))}</p> : <p>{t('admin.loading')}</p>;
  const current = defs.collections.find((c) => c.name === section);
  const sections = [{ name: 'settings', title: t('admin.content.settings') }, ...defs.collections.map((c) => ({ name: c.name, title: c.title }))];
  return (
    <MediaContext.Provider value={index}>
      <div className="admin-content">
        <Checklist items={defs.checklist} />
        <TranslationList
          titles={Object.fromEntries(sections.map((s) => [s.name, s.title]))}
          onGo={(l, s) => {
            setLang(l);
            setSection(s);
          }}
        />
        <ContentLanguage lang={lang} onChange={setLang} />
        <nav aria-label={t('admin.siteContent')} className="admin-sections">
          <ul>
            {sections.map((s) => (
              <li key={s.name}>
                <button type="button" className={s.name === section ? 'admin-tab active' : 'admin-tab'} aria-current={s.name === section ? 'true' : undefined} onClick={() => setSection(s.name)}>
                  {s.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-content-panel">
          {!current ? (
            <SettingsPanel key={lang} fields={defs.settings.fields} lang={lang} />
          ) : lang !== 'en' ? (
            <TranslatedCollectionPanel key={`${current.name}/${lang}`} def={current} lang={lang} />
          ) : (
            <CollectionPanel key={current.name} def={current} />
          )}
        </div>
      </div>
    </MediaContext.Provider>
  );
}
