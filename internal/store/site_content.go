package store

// Moving the site's content between installations: one JSON file holding
// the settings, every item of every collection and the uploaded media
// with their files inline (base64), so a deployment can be provisioned or
// its content backed up. An import replaces all content in one
// transaction, after checking every record by its definition; a file
// with any problem changes nothing.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/list"
)

// The export file's format name and version.
const (
	ContentFormat  = "spdc-content"
	ContentVersion = 1
)

// ContentMedia is one uploaded picture or video of an export file.
type ContentMedia struct {
	ID        string             `json:"_id"`
	Kind      string             `json:"kind"`
	Alt       string             `json:"alt"`
	Width     int                `json:"width"`
	Height    int                `json:"height"`
	CreatedAt string             `json:"createdAt"`
	Files     []ContentMediaFile `json:"files"`
}

// ContentMediaFile is one stored file of a media entry; Body is base64 in
// JSON.
type ContentMediaFile struct {
	Name        string `json:"name"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	ContentType string `json:"contentType"`
	Body        []byte `json:"body"`
}

// contentFile is an export file as written. SettingsLanguages holds the
// translated settings by language (absent from files of installations
// that have none).
type contentFile struct {
	Format            string                      `json:"format"`
	Version           int                         `json:"version"`
	Settings          map[string]any              `json:"settings"`
	SettingsLanguages map[string]map[string]any   `json:"settingsLanguages,omitempty"`
	Collections       map[string][]map[string]any `json:"collections"`
	Media             []ContentMedia              `json:"media"`
}

// ExportContent writes the site's content (settings, every item in every
// language, published or not, and the media with their files) to w.
func (s *Store) ExportContent(ctx context.Context, w io.Writer) error {
	settings, _, err := s.SiteSettings(ctx)
	if err != nil {
		return err
	}
	out := contentFile{Format: ContentFormat, Version: ContentVersion, Settings: settings, Collections: map[string][]map[string]any{}}
	if out.SettingsLanguages, err = exportSettingsLanguages(ctx, s.Reader()); err != nil {
		return err
	}
	items, err := siteItems(ctx, s.Reader(), `1 = 1`)
	if err != nil {
		return err
	}
	for _, e := range entity.SiteCollections {
		out.Collections[e.Name] = []map[string]any{}
	}
	for i := range items {
		if _, ok := out.Collections[items[i].Collection]; ok {
			out.Collections[items[i].Collection] = append(out.Collections[items[i].Collection], items[i].JSON())
		}
	}
	if out.Media, err = s.exportMedia(ctx); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("store: export content: %w", err)
	}
	return nil
}

func (s *Store) exportMedia(ctx context.Context) ([]ContentMedia, error) {
	rows, err := s.Reader().QueryContext(ctx, `SELECT id, kind, alt, width, height, created_at FROM media ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("store: export media: %w", err)
	}
	out := []ContentMedia{}
	byID := map[string]int{}
	for rows.Next() {
		var m ContentMedia
		var created int64
		if err := rows.Scan(&m.ID, &m.Kind, &m.Alt, &m.Width, &m.Height, &created); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: export media: %w", err)
		}
		m.CreatedAt, m.Files = list.FormatMillis(created), []ContentMediaFile{}
		byID[m.ID] = len(out)
		out = append(out, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: export media: %w", err)
	}
	files, err := s.Reader().QueryContext(ctx, `SELECT name, media_id, width, height, content_type, body FROM media_files ORDER BY media_id, width, name`)
	if err != nil {
		return nil, fmt.Errorf("store: export media files: %w", err)
	}
	defer files.Close()
	for files.Next() {
		var f ContentMediaFile
		var mediaID string
		if err := files.Scan(&f.Name, &mediaID, &f.Width, &f.Height, &f.ContentType, &f.Body); err != nil {
			return nil, fmt.Errorf("store: export media files: %w", err)
		}
		if i, ok := byID[mediaID]; ok {
			out[i].Files = append(out[i].Files, f)
		}
	}
	return out, files.Err()
}

// ContentError is an import file refused for its content: Problems are
// the paths of the bad values with what is wrong, in file order, as
// messages of the catalogue (the path a placeholder of each).
type ContentError struct{ Problems []i18n.Msg }

// Error is the refusal in English, as the command line shows it.
func (e *ContentError) Error() string { return e.In(i18n.En) }

// In is the refusal written in lang: the first problems, and how many
// more there are.
func (e *ContentError) In(lang string) string {
	const most = 20
	p := e.Problems
	parts := make([]string, 0, most+1)
	for i, m := range p {
		if i == most {
			parts = append(parts, msgs.ContentImportMore.With("n", len(p)-most).In(lang))
			break
		}
		parts = append(parts, m.In(lang))
	}
	return msgs.ContentImportRefused.With("problems", strings.Join(parts, "; ")).In(lang)
}

// refused is a ContentError of one problem.
func refused(m i18n.Msg) error { return &ContentError{Problems: []i18n.Msg{m}} }

// fieldProblem is a value refused by its definition, at path in the file:
// a message written after a field's name gets the field's label.
func fieldProblem(fields []entity.Field, path, key string, m i18n.Msg) i18n.Msg {
	if m.IsPhrase() {
		m = m.With("label", fieldLabelAt(fields, key))
	}
	return msgs.ContentImportField.With("path", path+key).With("problem", m)
}

// fieldLabelAt is the label of the field at key (dotted, list positions
// as numbers) among fields, or its last part where the definitions have
// no such field (a value the file should not hold).
func fieldLabelAt(fields []entity.Field, key string) i18n.Msg {
	parts := strings.Split(key, ".")
	var label i18n.Msg
	for _, part := range parts {
		if _, err := strconv.Atoi(part); err == nil {
			continue
		}
		var found *entity.Field
		for i := range fields {
			if fields[i].Key == part {
				found = &fields[i]
			}
		}
		if found == nil || found.LabelMsg.IsZero() {
			return i18n.Verbatim(parts[len(parts)-1])
		}
		label, fields = found.LabelMsg, found.Items
	}
	return label
}

// importFile is an export file as read, values still raw so each is
// checked by its definition.
type importFile struct {
	Format            *string                                 `json:"format"`
	Version           *int                                    `json:"version"`
	Settings          map[string]json.RawMessage              `json:"settings"`
	SettingsLanguages map[string]map[string]json.RawMessage   `json:"settingsLanguages"`
	Collections       map[string][]map[string]json.RawMessage `json:"collections"`
	Media             []ContentMedia                          `json:"media"`
}

var (
	mediaFileRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}\.[a-z0-9]{2,5}$`)
	mediaKinds  = map[string]bool{"image": true, "video": true}
)

// ImportContent replaces the site's content with the file read from r,
// in one transaction. Every record is checked by its definition and every
// reference (a photo, the item a translation translates) must be in the
// file; a *ContentError lists the problems of a refused file.
func (s *Store) ImportContent(ctx context.Context, r io.Reader) (items, media int, err error) {
	var f importFile
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return 0, 0, refused(msgs.ContentImportNotJSON.With("reason", err.Error()))
	}
	if f.Format == nil || *f.Format != ContentFormat || f.Version == nil || *f.Version != ContentVersion {
		return 0, 0, refused(msgs.ContentImportWrongFormat)
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	var problems []i18n.Msg
	add := func(fields []entity.Field, path string, errs entity.Errors) {
		keys := make([]string, 0, len(errs))
		for k := range errs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			problems = append(problems, fieldProblem(fields, path, k, errs[k]))
		}
	}

	kinds := map[string]string{}
	fileNames := map[string]bool{}
	for i, m := range f.Media {
		p := "media." + strconv.Itoa(i) + "."
		switch {
		case !ValidID(m.ID) || kinds[m.ID] != "":
			problems = append(problems, msgs.ContentImportMediaID.With("path", p+"_id"))
		case !mediaKinds[m.Kind]:
			problems = append(problems, msgs.ContentImportMediaKind.With("path", p+"kind"))
		case len(m.Alt) > 1000 || entity.HasBadRune(m.Alt, false):
			problems = append(problems, msgs.ContentImportMediaAlt.With("path", p+"alt"))
		case len(m.Files) == 0:
			problems = append(problems, msgs.ContentImportMediaNoFiles.With("path", p+"files"))
		}
		if _, err := time.Parse(time.RFC3339, m.CreatedAt); err != nil {
			problems = append(problems, msgs.ContentImportCreatedAt.With("path", p+"createdAt"))
		}
		kinds[m.ID] = m.Kind
		for j, file := range m.Files {
			if !mediaFileRE.MatchString(file.Name) || fileNames[file.Name] || file.ContentType == "" || len(file.Body) == 0 ||
				entity.HasBadRune(file.ContentType, false) {
				problems = append(problems, msgs.ContentImportMediaFile.With("path", p+"files."+strconv.Itoa(j)))
			}
			fileNames[file.Name] = true
		}
	}

	settings, errs := entity.CheckDoc(entity.SiteSettings.Fields, f.Settings, now)
	add(entity.SiteSettings.Fields, "settings.", errs)
	problems = append(problems, mediaProblems("settings.", entity.SiteSettings.Fields, settings, kinds)...)
	translated := map[string]map[string]any{}
	for lang, raw := range f.SettingsLanguages {
		if !ValidLanguage(lang) || lang == DefaultLanguage {
			problems = append(problems, msgs.ContentImportLanguage.With("path", "settingsLanguages."+lang))
			continue
		}
		doc, errs := entity.CheckDoc(entity.SiteSettingsTranslated, raw, now)
		add(entity.SiteSettings.Fields, "settingsLanguages."+lang+".", errs)
		translated[lang] = doc
	}

	var all []*SiteItem
	ids := map[string]*SiteItem{}
	names := make([]string, 0, len(f.Collections))
	for name := range f.Collections {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		e := entity.SiteCollection(name)
		if e == nil {
			problems = append(problems, msgs.ContentImportCollection.With("path", "collections."+name))
			continue
		}
		for i, raw := range f.Collections[name] {
			p := "collections." + name + "." + strconv.Itoa(i) + "."
			it, errs := importItem(e, raw, now)
			add(e.Fields, p, errs)
			if it == nil {
				continue
			}
			if ids[it.ID] != nil {
				problems = append(problems, msgs.ContentImportIdTwice.With("path", p+"_id"))
			}
			ids[it.ID] = it
			problems = append(problems, mediaProblems(p, e.Fields, it.Fields, kinds)...)
			all = append(all, it)
		}
	}
	slugs := map[string]bool{}
	for _, it := range all {
		if t := it.TranslationOf; t != "" {
			if orig := ids[t]; orig == nil || orig.Collection != it.Collection || orig.Language != DefaultLanguage || it.Language == DefaultLanguage {
				problems = append(problems, msgs.ContentImportTranslationOf.With("path", "collections."+it.Collection+" "+it.ID+": translationOf"))
			}
		}
		if it.Collection == "pages" {
			key := it.Language + "/" + fmt.Sprint(it.Fields["slug"])
			if slugs[key] {
				problems = append(problems, msgs.ContentImportSlugTwice.With("path", "collections.pages "+it.ID+": slug").With("page", key))
			}
			slugs[key] = true
		}
	}
	if len(problems) > 0 {
		return 0, 0, &ContentError{Problems: problems}
	}

	err = s.InTx(ctx, func(tx *Tx) error {
		var rev int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(revision), 0) FROM site_settings`).Scan(&rev); err != nil {
			return fmt.Errorf("store: import content: %w", err)
		}
		for _, table := range []string{"site_items", "site_settings_languages", "site_settings", "media_files", "media"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table); err != nil {
				return fmt.Errorf("store: import content: %w", err)
			}
		}
		data, err := json.Marshal(settings)
		if err != nil {
			return fmt.Errorf("store: import content: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO site_settings (id, data, version, revision, updated_at) VALUES (1, ?, 0, ?, ?)`,
			string(data), rev+1, Millis(now)); err != nil {
			return fmt.Errorf("store: import content: %w", err)
		}
		if err := importSettingsLanguages(ctx, tx, translated, settings, now); err != nil {
			return err
		}
		for _, m := range f.Media {
			created, _ := time.Parse(time.RFC3339, m.CreatedAt)
			if _, err := tx.ExecContext(ctx, `INSERT INTO media (id, kind, alt, width, height, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
				m.ID, m.Kind, m.Alt, m.Width, m.Height, Millis(created), Millis(now)); err != nil {
				return fmt.Errorf("store: import media: %w", err)
			}
			for _, file := range m.Files {
				if _, err := tx.ExecContext(ctx, `INSERT INTO media_files (name, media_id, width, height, content_type, size, body) VALUES (?, ?, ?, ?, ?, ?, ?)`,
					file.Name, m.ID, file.Width, file.Height, file.ContentType, len(file.Body), file.Body); err != nil {
					return fmt.Errorf("store: import media file: %w", err)
				}
			}
		}
		for _, it := range all {
			if err := insertSiteItem(ctx, tx, it); err != nil {
				return err
			}
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: Actor{Email: "spdc content import"}, Action: "import", Entity: "site-settings", EntityID: "1",
			Before: map[string]any{}, After: map[string]any{"items": len(all), "media": len(f.Media)}}, now)
	})
	if err != nil {
		return 0, 0, err
	}
	return len(all), len(f.Media), nil
}

// importItem reads one item of an import file: its _id, position,
// published, language, translationOf, __v and times, and its own fields
// checked by the collection's definition. It is nil when the item cannot
// be read at all.
func importItem(e *entity.Entity, raw map[string]json.RawMessage, now time.Time) (*SiteItem, entity.Errors) {
	errs := entity.Errors{}
	it := &SiteItem{Collection: e.Name, Language: DefaultLanguage, Published: true, CreatedAt: now, UpdatedAt: now}
	take := func(key string, dst any, ok func() bool) {
		v, present := raw[key]
		delete(raw, key)
		if !present {
			return
		}
		if json.Unmarshal(v, dst) != nil || !ok() {
			errs[key] = entity.MsgType
		}
	}
	take("_id", &it.ID, func() bool { return ValidID(it.ID) })
	take("position", &it.Position, func() bool { return it.Position >= 0 })
	take("published", &it.Published, func() bool { return true })
	take("language", &it.Language, func() bool { return ValidLanguage(it.Language) })
	take("translationOf", &it.TranslationOf, func() bool { return it.TranslationOf == "" || ValidID(it.TranslationOf) })
	take("__v", &it.Version, func() bool { return it.Version >= 0 })
	var created, updated string
	take("createdAt", &created, func() bool { return parseTimeInto(created, &it.CreatedAt) })
	take("updatedAt", &updated, func() bool { return parseTimeInto(updated, &it.UpdatedAt) })
	if it.ID == "" && errs["_id"].IsZero() {
		errs["_id"] = msgs.FieldRequired
	}
	fields, ferrs := entity.CheckDoc(e.Fields, raw, now)
	for k, v := range ferrs {
		errs[k] = v
	}
	it.Fields = fields
	if !errs["_id"].IsZero() {
		return nil, errs
	}
	return it, errs
}

func parseTimeInto(s string, dst *time.Time) bool {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return false
	}
	*dst = t.UTC().Truncate(time.Millisecond)
	return true
}

// mediaProblems reports the media ids a record names that are not media
// of the file, or not of the kind the field takes.
func mediaProblems(path string, fields []entity.Field, doc map[string]any, kinds map[string]string) []i18n.Msg {
	ids := entity.SiteMediaIDs(fields, doc)
	keys := make([]string, 0, len(ids))
	for key := range ids {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	var out []i18n.Msg
	for _, key := range keys {
		want, msg := "image", msgs.ContentImportNotPicture
		if f := (&entity.Entity{Fields: fields}).Field(key); f != nil && f.Format == entity.MediaVid {
			want, msg = "video", msgs.ContentImportNotVideo
		}
		if kinds[ids[key]] != want {
			out = append(out, msg.With("path", path+key).With("id", ids[key]))
		}
	}
	return out
}
