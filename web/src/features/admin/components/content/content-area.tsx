// The dashboard's Site content area (loaded only when an admin opens it):
// the setup checklist until everything is set, what lacks a Hindi or
// Bengali translation, the language being edited, the settings form, and
// for each collection its items with add, edit, reorder, publish and
// delete (in Hindi or Bengali: each English item's translation, see
// translations.tsx). Forms are drawn from the field definitions the server
// sends.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, messageOf } from '@/lib/api';
import { refreshSiteData, type MediaRef } from '@/lib/site-data';
import { LANG_NAMES, useT, type Lang } from '@/i18n';
import {
  deleteItem,
  fetchItems,
  fetchSettings,
  fetchSiteDefs,
  orderItems,
  saveSettings,
  updateItem,
  type ChecklistItem,
  type CollectionDef,
  type Doc,
  type SiteDefs,
  type SiteField,
  type SiteItem,
} from '../../api/site-admin';
import { Modal } from '../modal';
import { TOAST, conflictText, focusFirstError, refusal } from './content-shared';
import { bodyOf, itemTitle, moveItem, previewPath, withDefaults } from './form-helpers';
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

/** SettingsPanel edits the settings in English, or in another language
 * the translatable ones, with the English text shown above them. */
function SettingsPanel({ fields: all, lang, onSaved }: { fields: SiteField[]; lang: Lang; onSaved: () => void }) {
  const fields = useMemo(() => (lang === 'en' ? all : translatable(all)), [all, lang]);
  const [draft, setDraft] = useState<Doc | null>(null);
  const [english, setEnglish] = useState<Doc | null>(null);
  const [loadError, setLoadError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [reload, setReload] = useState(0);
  const prefix = useId();
  const t = useT();

  useEffect(() => {
    let live = true;
    Promise.all([fetchSettings(lang), lang === 'en' ? null : fetchSettings()])
      .then(([d, en]) => {
        if (!live) return;
        setEnglish(en);
        setDraft(withDefaults(fields, d));
      })
      .catch((err) => live && setLoadError(messageOf(err, t('admin.content.settingsLoadFailed'))));
    return () => {
      live = false;
    };
  }, [fields, lang, reload, t]);

  async function save() {
    if (!draft) return;
    setSaving(true);
    setMessage('');
    setErrors({});
    try {
      const saved = await saveSettings(bodyOf(fields, draft, ['__v']), lang);
      setDraft(withDefaults(fields, saved));
      setConflict(false);
      toast.success(lang === 'en' ? t('admin.content.settingsSaved') : t('admin.content.translationSaved', { lang: LANG_NAMES[lang] }), TOAST);
      void refreshSiteData();
      onSaved();
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

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!draft) return <p>{t('admin.loading')}</p>;
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
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDraft(null);
                setConflict(false);
                setMessage('');
                setReload((n) => n + 1);
              }}
            >
              {t('admin.content.reload')}
            </button>
          )}
        </div>
      </RecordForm>
    </section>
  );
}

function ConfirmDelete({ what, onCancel, onConfirm }: { what: string; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const t = useT();
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Modal
      title="Confirm Delete"
      onClose={onCancel}
      describedBy={textId}
      footer={
        <>
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>
            {t('admin.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              setBusy(false);
            }}
          >
            {t('admin.delete')}
          </button>
        </>
      }
    >
      <p id={textId}>{t('admin.content.deleteText', { what })}</p>
    </Modal>
  );
}

function CollectionPanel({ def, onChanged }: { def: CollectionDef; onChanged: () => void }) {
  const [items, setItems] = useState<SiteItem[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<SiteItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteItem | null>(null);
  const [status, setStatus] = useState('');
  const [reload, setReload] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const { add } = useMediaIndex();
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    let live = true;
    fetchItems(def.name)
      .then((r) => {
        if (!live) return;
        add(Object.values(r.media));
        setItems(r.items);
      })
      .catch((err) => live && setLoadError(messageOf(err, t('admin.listFailed'))));
    return () => {
      live = false;
    };
  }, [def.name, reload, add, t]);

  const refresh = () => {
    setReload((n) => n + 1);
    onChanged();
  };

  async function move(i: number, delta: -1 | 1) {
    if (!items) return;
    const next = moveItem(items, i, i + delta);
    const moved = items[i];
    setItems(next);
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
      setReload((n) => n + 1);
    } catch (err) {
      setItems(items);
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
      if (err instanceof ApiError && err.status === 409) setReload((n) => n + 1);
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
      {loadError && <p role="alert">{loadError}</p>}
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
          what={itemTitle(deleting)}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteItem(def.name, deleting._id);
              toast.success(t('admin.content.deleted'), TOAST);
              setStatus(t('admin.content.deletedName', { title: itemTitle(deleting) }));
              setDeleting(null);
              void refreshSiteData();
              refresh();
              setTimeout(() => addButton.current?.focus(), 0);
            } catch (err) {
              toast.error(messageOf(err, t('admin.content.deleteFailed')), TOAST);
            }
          }}
        />
      )}
    </section>
  );
}

export default function ContentArea() {
  const [defs, setDefs] = useState<SiteDefs | null>(null);
  const [error, setError] = useState('');
  const [section, setSection] = useState('settings');
  const [lang, setLang] = useState<Lang>('en');
  const [changes, setChanges] = useState(0);
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

  const loadDefs = useCallback(() => {
    fetchSiteDefs()
      .then(setDefs)
      .catch((err) => setError(messageOf(err, t('admin.content.loadFailed'))));
  }, [t]);
  useEffect(loadDefs, [loadDefs]);
  const changed = useCallback(() => {
    loadDefs();
    setChanges((n) => n + 1);
  }, [loadDefs]);

  if (error) return <p role="alert">{error}</p>;
  if (!defs) return <p>{t('admin.loading')}</p>;
  const current = defs.collections.find((c) => c.name === section);
  const sections = [{ name: 'settings', title: t('admin.content.settings') }, ...defs.collections.map((c) => ({ name: c.name, title: c.title }))];
  return (
    <MediaContext.Provider value={index}>
      <div className="admin-content">
        <Checklist items={defs.checklist} />
        <TranslationList
          reload={changes}
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
            <SettingsPanel key={lang} fields={defs.settings.fields} lang={lang} onSaved={changed} />
          ) : lang !== 'en' ? (
            <TranslatedCollectionPanel key={`${current.name}/${lang}`} def={current} lang={lang} onChanged={changed} />
          ) : (
            <CollectionPanel key={current.name} def={current} onChanged={changed} />
          )}
        </div>
      </div>
    </MediaContext.Provider>
  );
}
