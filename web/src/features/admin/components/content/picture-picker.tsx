// The picture of a record: the chosen one with its description, a button
// that opens the choice of uploaded pictures, and an upload of a new one
// with its description (required: it is what a screen reader says). The
// server checks each file; its refusal is shown as it words it.
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '@/lib/api';
import { useT } from '@/i18n';
import type { MediaRef } from '@/lib/site-data';
import { uploadMedia } from '../../api/site-admin';
import { mediaQuery, useMedia } from '../../api/content-queries';
import { useMediaIndex } from './media-index';

export interface PicturePickerProps {
  id: string;
  label: string;
  required: boolean;
  video: boolean;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

function Thumb({ media }: { media: MediaRef }) {
  const t = useT();
  if (media.kind === 'video') return <span className="admin-thumb admin-thumb-video">{t('admin.pic.video')}</span>;
  return <img className="admin-thumb" src={media.src} alt="" width={96} height={media.width ? Math.round((96 * media.height) / media.width) : 64} />;
}

export function PicturePicker({ id, label, required, video, value, onChange, error }: PicturePickerProps) {
  const { byId, add } = useMediaIndex();
  const [open, setOpen] = useState(false);
  // Read when the choice first opens, then kept while the form is open.
  const media = useMedia(open);
  const list = media.data ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [uploadError, setUploadError] = useState('');
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const uid = useId();
  const t = useT();
  const current = value ? byId[value] : undefined;
  const kind = video ? 'video' : 'image';

  useEffect(() => {
    if (list) add(list);
  }, [list, add]);
  const listError = media.error ? messageOf(media.error, t('admin.pic.listFailed')) : '';

  function choose(mediaId: string) {
    onChange(mediaId);
    setOpen(false);
    setTimeout(() => toggle.current?.focus(), 0);
  }

  async function upload() {
    setUploadError('');
    if (!file) {
      setUploadError(t('admin.pic.noFile'));
      fileInput.current?.focus();
      return;
    }
    if (!alt.trim()) {
      setUploadError(video ? t('admin.pic.describeVideo') : t('admin.pic.describePicture'));
      document.getElementById(`${uid}-alt`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const m = await uploadMedia(file, alt.trim());
      add([m]);
      client.setQueryData(mediaQuery().queryKey, (l) => (l ? [m, ...l] : l));
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
      choose(m._id);
    } catch (err) {
      setUploadError(messageOf(err, t('admin.pic.uploadFailed')));
    } finally {
      setBusy(false);
    }
  }

  const choices = (list ?? []).filter((m) => m.kind === kind);
  return (
    <fieldset className="admin-group admin-picker" aria-describedby={error ? `${id}-err` : undefined}>
      <legend>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="admin-picker-current">
        {value ? (
          current ? (
            <>
              <Thumb media={current} />
              <span>{current.alt || t('admin.pic.noDescription')}</span>
            </>
          ) : (
            <span>{t('admin.pic.pictureId', { id: value })}</span>
          )
        ) : (
          <span>{video ? t('admin.pic.noVideo') : t('admin.pic.noPicture')}</span>
        )}
      </div>
      <div className="admin-actions">
        <button
          ref={toggle}
          id={id}
          type="button"
          className="btn btn-small"
          aria-expanded={open}
          aria-controls={`${uid}-panel`}
          aria-describedby={error ? `${id}-err` : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {value ? t('admin.pic.change', { label: label.toLowerCase() }) : t('admin.pic.choose', { label: label.toLowerCase() })}
        </button>
        {value && (
          <button type="button" className="btn btn-small" onClick={() => onChange('')}>
            {t('admin.pic.remove', { label: label.toLowerCase() })}
          </button>
        )}
      </div>
      {error && (
        <span id={`${id}-err`} className="admin-error">
          {error}
        </span>
      )}
      <div id={`${uid}-panel`} hidden={!open} className="admin-picker-panel">
        {open && (
          <>
            <div className="admin-upload">
              <p className="admin-picker-title">{video ? t('admin.pic.uploadVideo') : t('admin.pic.uploadPicture')}</p>
              <div className="admin-field">
                <label htmlFor={`${uid}-file`}>{video ? t('admin.pic.videoFile') : t('admin.pic.pictureFile')}</label>
                <input
                  ref={fileInput}
                  id={`${uid}-file`}
                  type="file"
                  accept={video ? 'video/mp4,video/webm' : 'image/jpeg,image/png,image/webp'}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${uid}-alt`}>{t('admin.pic.altLabel')}</label>
                <input id={`${uid}-alt`} type="text" maxLength={300} value={alt} onChange={(e) => setAlt(e.target.value)} aria-describedby={uploadError ? `${uid}-uerr` : undefined} />
              </div>
              <button type="button" className="btn btn-primary btn-small" onClick={upload} disabled={busy}>
                {busy ? t('admin.pic.uploading') : t('admin.pic.upload')}
              </button>
              <div role="alert" id={`${uid}-uerr`} className="admin-error">
                {uploadError}
              </div>
            </div>
            <fieldset className="admin-choices">
              <legend>{t('admin.pic.orChoose')}</legend>
              {listError && <p className="admin-error">{listError}</p>}
              {!list && !listError && <p>{t('admin.loading')}</p>}
              {list && choices.length === 0 && <p>{t('admin.pic.nothingUploaded')}</p>}
              <ul className="admin-choice-list">
                {choices.map((m) => (
                  <li key={m._id}>
                    <button type="button" className="admin-choice" aria-pressed={m._id === value} onClick={() => choose(m._id)}>
                      <Thumb media={m} />
                      <span>{m.alt || t('admin.pic.noDescription')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          </>
        )}
      </div>
    </fieldset>
  );
}
