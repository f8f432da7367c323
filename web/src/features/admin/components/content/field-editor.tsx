// One field of a Site content form, drawn from its definition: text,
// long text, Markdown with a preview, a choice, a number, yes/no, a picture,
// a list of lines, a group of fields, or a list of groups whose rows are
// added and removed. The server's error for a field ("phones.0.dial") is
// shown under it and tied to it with aria-describedby.
import { useId, useState, type ReactNode } from 'react';
import { Markdown } from '@/components/markdown';
import { t, useT } from '@/i18n';
import type { Doc, SiteField } from '../../api/site-admin';
import { domId, emptyDoc, isMedia, parseNumber } from './form-helpers';
import { PicturePicker } from './picture-picker';

export interface FieldProps {
  field: SiteField;
  value: unknown;
  onChange: (v: unknown) => void;
  /** The field's path in the record ("phones.0.dial"), as the server names errors. */
  path: string;
  prefix: string;
  errors: Record<string, string>;
}

function inputType(f: SiteField): string {
  switch (f.format) {
    case 'email':
      return 'email';
    case 'date':
      return 'date';
    case 'url':
      return 'url';
    case 'phone':
    case 'dial':
      return 'tel';
    default:
      return 'text';
  }
}

function hint(f: SiteField): string {
  if (f.range && (f.kind === 'int' || f.kind === 'number') && f.range.max < 1e6) return t('admin.field.range', { min: f.range.min, max: f.range.max });
  switch (f.format) {
    case 'dial':
      return t('admin.field.dial');
    case 'ifsc':
      return t('admin.field.ifsc');
    case 'pan':
      return t('admin.field.pan');
    case 'upi':
      return 'name@bank';
    case 'url':
      return t('admin.field.url');
    default:
      return f.markdown ? t('admin.field.markdown') : '';
  }
}

/** Wrap puts a label, the control, a hint and the field's error together. */
function Wrap({ id, label, required, hintText, error, children }: { id: string; label: string; required: boolean; hintText: string; error?: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hintText && (
        <span id={`${id}-hint`} className="admin-hint">
          {hintText}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="admin-error">
          {error}
        </span>
      )}
    </div>
  );
}

function describedBy(id: string, hintText: string, error?: string) {
  const ids = [hintText ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function MarkdownField({ id, value, onChange, field, common }: { id: string; value: string; onChange: (v: string) => void; field: SiteField; common: Record<string, unknown> }) {
  const [preview, setPreview] = useState(false);
  const t = useT();
  return (
    <>
      <textarea {...common} rows={8} maxLength={field.maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
      <button type="button" className="btn btn-small admin-preview-toggle" aria-expanded={preview} aria-controls={`${id}-preview`} onClick={() => setPreview((p) => !p)}>
        {preview ? t('admin.field.hidePreview') : t('admin.field.showPreview')}
      </button>
      <div id={`${id}-preview`} className="admin-md-preview" hidden={!preview} role="region" aria-label={t('admin.field.previewOf', { label: field.label })}>
        {preview && (value.trim() ? <Markdown text={value} /> : <p>{t('admin.field.nothingWritten')}</p>)}
      </div>
    </>
  );
}

export function FieldEditor({ field: f, value, onChange, path, prefix, errors }: FieldProps) {
  useT();
  const id = domId(prefix, path);
  const error = errors[path];
  const hintText = hint(f);
  const common = {
    id,
    name: path,
    required: f.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hintText, error),
  };
  const wrap = (control: ReactNode) => (
    <Wrap id={id} label={f.label} required={f.required} hintText={hintText} error={error}>
      {control}
    </Wrap>
  );

  if (f.kind === 'object') return <Group field={f} value={value as Doc} onChange={onChange} path={path} prefix={prefix} errors={errors} />;
  if (f.kind === 'objects') return <Rows field={f} value={value} onChange={onChange} path={path} prefix={prefix} errors={errors} />;
  if (f.kind === 'list') return <Lines field={f} value={value} onChange={onChange} path={path} prefix={prefix} errors={errors} />;
  if (f.kind === 'bool') {
    return (
      <div className="admin-field">
        <div className="admin-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <label htmlFor={id}>
            {f.label}
            {f.required && <span aria-hidden="true"> *</span>}
          </label>
        </div>
        {error && (
          <span id={`${id}-err`} className="admin-error">
            {error}
          </span>
        )}
      </div>
    );
  }
  if (f.kind === 'int' || f.kind === 'number') {
    return wrap(
      <NumberInput common={common} value={value} whole={f.kind === 'int'} onChange={onChange} />,
    );
  }
  if (isMedia(f)) {
    return (
      <PicturePicker id={id} label={f.label} required={f.required} video={f.format === 'video'} value={typeof value === 'string' ? value : ''} onChange={onChange} error={error} />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (f.options && f.options.length > 0) {
    return wrap(
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {f.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>,
    );
  }
  if (f.markdown) return wrap(<MarkdownField id={id} value={text} onChange={onChange} field={f} common={common} />);
  if (f.long) return wrap(<textarea {...common} rows={4} maxLength={f.maxLength} value={text} onChange={(e) => onChange(e.target.value)} />);
  return wrap(<input {...common} type={inputType(f)} maxLength={f.maxLength} value={text} onChange={(e) => onChange(e.target.value)} />);
}

/** NumberInput keeps what is typed while it is not yet a number. */
// A value that is not a number is passed on as typed, so the server's check
// names the problem next to the field.
function NumberInput({ common, value, whole, onChange }: { common: Record<string, unknown>; value: unknown; whole: boolean; onChange: (v: unknown) => void }) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  return (
    <input
      {...common}
      type="text"
      inputMode={whole ? 'numeric' : 'decimal'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseNumber(e.target.value);
        onChange(n !== null && Number.isNaN(n) ? e.target.value : n);
      }}
    />
  );
}

function Group({ field: f, value, onChange, path, prefix, errors }: FieldProps & { value: Doc }) {
  const doc = value && typeof value === 'object' ? value : {};
  return (
    <fieldset className="admin-group">
      <legend>{f.label}</legend>
      {(f.fields ?? []).map((sub) => (
        <FieldEditor
          key={sub.key}
          field={sub}
          value={doc[sub.key]}
          onChange={(v) => onChange({ ...doc, [sub.key]: v })}
          path={`${path}.${sub.key}`}
          prefix={prefix}
          errors={errors}
        />
      ))}
    </fieldset>
  );
}

/** focusSoon moves focus once React has drawn the element. */
function focusSoon(id: string) {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

function Rows({ field: f, value, onChange, path, prefix, errors }: FieldProps) {
  const rows = Array.isArray(value) ? (value as Doc[]) : [];
  const subs = f.fields ?? [];
  const addId = useId();
  const max = f.maxLength ?? 0;
  const t = useT();
  return (
    <fieldset className="admin-group">
      <legend>{f.label}</legend>
      {errors[path] && <span className="admin-error">{errors[path]}</span>}
      {rows.length === 0 && <p className="admin-hint">{t('admin.field.noneYet')}</p>}
      {rows.map((row, i) => (
        <fieldset key={i} className="admin-row">
          <legend>
            {f.label} {i + 1}
          </legend>
          {subs.map((sub) => (
            <FieldEditor
              key={sub.key}
              field={sub}
              value={row[sub.key]}
              onChange={(v) => onChange(rows.map((r, j) => (j === i ? { ...r, [sub.key]: v } : r)))}
              path={`${path}.${i}.${sub.key}`}
              prefix={prefix}
              errors={errors}
            />
          ))}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              onChange(rows.filter((_, j) => j !== i));
              focusSoon(addId);
            }}
          >
            {t('admin.field.removeRow', { label: f.label.toLowerCase(), n: i + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        id={addId}
        type="button"
        className="btn btn-small"
        disabled={max > 0 && rows.length >= max}
        onClick={() => {
          onChange([...rows, emptyDoc(subs)]);
          if (subs[0]) focusSoon(domId(prefix, `${path}.${rows.length}.${subs[0].key}`));
        }}
      >
        {t('admin.field.addRow', { label: f.label.toLowerCase() })}
      </button>
    </fieldset>
  );
}

function Lines({ field: f, value, onChange, path, prefix, errors }: FieldProps) {
  const lines = Array.isArray(value) ? (value as unknown[]).map((v) => (typeof v === 'string' ? v : '')) : [];
  const addId = useId();
  const max = f.maxLength ?? 0;
  const t = useT();
  return (
    <fieldset className="admin-group">
      <legend>{f.label}</legend>
      {errors[path] && <span className="admin-error">{errors[path]}</span>}
      {lines.map((line, i) => {
        const lid = domId(prefix, `${path}.${i}`);
        const err = errors[`${path}.${i}`];
        return (
          <div className="admin-line" key={i}>
            <label htmlFor={lid} className="sr-only">
              {f.label} {i + 1}
            </label>
            <input
              id={lid}
              type="text"
              value={line}
              aria-invalid={err ? true : undefined}
              aria-describedby={err ? `${lid}-err` : undefined}
              onChange={(e) => onChange(lines.map((l, j) => (j === i ? e.target.value : l)))}
            />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                onChange(lines.filter((_, j) => j !== i));
                focusSoon(addId);
              }}
            >
              {t('admin.field.remove')}
              <span className="sr-only"> {t('admin.field.lineN', { n: i + 1 })}</span>
            </button>
            {err && (
              <span id={`${lid}-err`} className="admin-error">
                {err}
              </span>
            )}
          </div>
        );
      })}
      <button
        id={addId}
        type="button"
        className="btn btn-small"
        disabled={max > 0 && lines.length >= max}
        onClick={() => {
          onChange([...lines, '']);
          focusSoon(domId(prefix, `${path}.${lines.length}`));
        }}
      >
        {t('admin.field.addLine')}
      </button>
    </fieldset>
  );
}
