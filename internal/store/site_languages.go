package store

// The settings people read, per language: the English record in
// site_settings is every value's fallback, and each other language keeps
// its own versions of the translatable fields (entity.SiteSettingsTranslated)
// in site_settings_languages, with the English values they were
// translated from, so a translation left behind by a later English edit
// shows as outdated. A value left empty shows the English one.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"spdc/internal/db"
	"spdc/internal/entity"
	"spdc/internal/i18n/msgs"
)

// SettingsTranslation is the translatable settings in one language.
type SettingsTranslation struct {
	Language string
	// Fields are every translatable field, empty where not translated.
	Fields map[string]any
	// Source are the English values the translated fields were written
	// from.
	Source  map[string]any
	Version int
	// stored is whether the language has its row yet.
	stored bool
}

// settingsLanguageData is a row's data as stored.
type settingsLanguageData struct {
	Fields map[string]json.RawMessage `json:"fields"`
	Source map[string]any             `json:"source"`
}

// blank reports whether a setting's value is empty (not given): a group
// is empty when all its values are.
func blank(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []string:
		return len(x) == 0
	case []any:
		for _, e := range x {
			if !blank(e) {
				return false
			}
		}
		return true
	case []map[string]any:
		for _, e := range x {
			if !blank(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !blank(e) {
				return false
			}
		}
		return true
	}
	return false
}

// sameValue reports whether two values are equal as JSON.
func sameValue(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// groupsOf is a clean list of groups, or one read back from JSON.
func groupsOf(v any) []map[string]any {
	switch x := v.(type) {
	case []map[string]any:
		return x
	case []any:
		out := make([]map[string]any, len(x))
		for i, e := range x {
			out[i], _ = e.(map[string]any)
		}
		return out
	}
	return nil
}

// translatedPart is the part of an English setting's value that f (its
// part kept per language) translates: the whole value, or a group's
// translatable items only, position by position in a list of groups.
func translatedPart(f *entity.Field, v any) any {
	pick := func(m map[string]any) map[string]any {
		out := make(map[string]any, len(f.Items))
		for _, it := range f.Items {
			out[it.Key] = m[it.Key]
		}
		return out
	}
	switch f.Kind {
	case entity.Object:
		m, _ := v.(map[string]any)
		return pick(m)
	case entity.Objects:
		list := groupsOf(v)
		out := make([]map[string]any, len(list))
		for i, m := range list {
			out[i] = pick(m)
		}
		return out
	}
	return v
}

// groupPairs pairs each group of an English value of a group (or list of
// groups) with its translation, by position in a list; a group with no
// translation is paired with nil.
func groupPairs(f *entity.Field, english, tr any) [][2]map[string]any {
	if f.Kind == entity.Object {
		en, _ := english.(map[string]any)
		t, _ := tr.(map[string]any)
		return [][2]map[string]any{{en, t}}
	}
	en, t := groupsOf(english), groupsOf(tr)
	out := make([][2]map[string]any, len(en))
	for i := range en {
		out[i][0] = en[i]
		if i < len(t) {
			out[i][1] = t[i]
		}
	}
	return out
}

// translatedOver is an English setting's value with the values
// translated in tr written over it (one left empty keeps the English, a
// list's translations beyond the English list are not shown).
func translatedOver(f *entity.Field, english, tr any) any {
	if f.Kind != entity.Object && f.Kind != entity.Objects {
		if blank(tr) {
			return english
		}
		return tr
	}
	pairs := groupPairs(f, english, tr)
	out := make([]map[string]any, len(pairs))
	for i, p := range pairs {
		out[i] = make(map[string]any, len(p[0]))
		for k, v := range p[0] {
			out[i][k] = v
		}
		for _, it := range f.Items {
			if !blank(p[1][it.Key]) {
				out[i][it.Key] = p[1][it.Key]
			}
		}
	}
	if f.Kind == entity.Object {
		return out[0]
	}
	return out
}

// untranslated reports whether a translation tr leaves out a value the
// English part en has (a whole value, or any item of a group).
func untranslated(f *entity.Field, en, tr any) bool {
	if f.Kind != entity.Object && f.Kind != entity.Objects {
		return blank(tr)
	}
	for _, p := range groupPairs(f, en, tr) {
		for _, it := range f.Items {
			if !blank(p[0][it.Key]) && blank(p[1][it.Key]) {
				return true
			}
		}
	}
	return false
}

// SiteSettingsTranslation returns the settings in lang (not English): a
// language never translated has every field empty and version 0.
func (s *Store) SiteSettingsTranslation(ctx context.Context, lang string) (*SettingsTranslation, error) {
	return settingsTranslation(ctx, s.Reader(), lang)
}

func settingsTranslation(ctx context.Context, q Querier, lang string) (*SettingsTranslation, error) {
	var data string
	var version int
	stored := true
	err := q.QueryRowContext(ctx, `SELECT data, version FROM site_settings_languages WHERE language = ?`, lang).Scan(&data, &version)
	if errors.Is(err, sql.ErrNoRows) {
		data, stored, err = "{}", false, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: site settings in %s: %w", lang, err)
	}
	var d settingsLanguageData
	_ = json.Unmarshal([]byte(data), &d)
	fields, _ := entity.CheckDoc(entity.SiteSettingsTranslated, d.Fields, time.Now())
	if d.Source == nil {
		d.Source = map[string]any{}
	}
	return &SettingsTranslation{Language: lang, Fields: fields, Source: d.Source, Version: version, stored: stored}, nil
}

// PutSiteSettingsTranslation saves the translatable settings in lang (doc
// clean, by entity.SiteSettingsTranslated) if the language's version is
// still version (ErrConflict otherwise), and returns the new version.
// Each translated value remembers the English value of the moment.
func (s *Store) PutSiteSettingsTranslation(ctx context.Context, lang string, doc map[string]any, version int, actor Actor) (int, error) {
	if !ValidLanguage(lang) || lang == DefaultLanguage {
		return 0, invalid("lang", msgs.SiteTranslationLanguage)
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	var next int
	err := s.InTx(ctx, func(tx *Tx) error {
		before, err := settingsTranslation(ctx, tx, lang)
		if err != nil {
			return err
		}
		if before.Version != version {
			return ErrConflict
		}
		english, _, err := siteSettings(ctx, tx)
		if err != nil {
			return err
		}
		// A value unchanged keeps the English it was written from; a new
		// one takes today's English.
		source := map[string]any{}
		for i := range entity.SiteSettingsTranslated {
			f := &entity.SiteSettingsTranslated[i]
			switch {
			case blank(doc[f.Key]):
			case sameValue(doc[f.Key], before.Fields[f.Key]) && before.Source[f.Key] != nil:
				source[f.Key] = before.Source[f.Key]
			default:
				source[f.Key] = translatedPart(f, english[f.Key])
			}
		}
		data, err := json.Marshal(map[string]any{"fields": doc, "source": source})
		if err != nil {
			return fmt.Errorf("store: site settings in %s: %w", lang, err)
		}
		var res sql.Result
		if !before.stored {
			res, err = tx.ExecContext(ctx, `INSERT INTO site_settings_languages (language, data, version, updated_at) VALUES (?, ?, 1, ?)`,
				lang, string(data), Millis(now))
			if _, dup := db.IsUniqueViolation(err); dup {
				return ErrConflict
			}
		} else {
			res, err = tx.ExecContext(ctx, `UPDATE site_settings_languages SET data = ?, version = version + 1, updated_at = ?
				WHERE language = ? AND version = ?`, string(data), Millis(now), lang, version)
		}
		if err := oneRow(res, err, "put site settings in "+lang); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrConflict
			}
			return err
		}
		next = version + 1
		if err := bumpRevision(ctx, tx); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: "site-settings", EntityID: lang,
			Before: changedOnly(before.Fields, doc), After: changedOnly(doc, before.Fields)}, now)
	})
	return next, err
}

// translateSettings writes the values translated into lang over the
// English settings (a value left empty keeps the English one).
func translateSettings(ctx context.Context, q Querier, settings map[string]any, lang string) error {
	if lang == DefaultLanguage {
		return nil
	}
	tr, err := settingsTranslation(ctx, q, lang)
	if err != nil {
		return err
	}
	for i := range entity.SiteSettingsTranslated {
		f := &entity.SiteSettingsTranslated[i]
		settings[f.Key] = translatedOver(f, settings[f.Key], tr.Fields[f.Key])
	}
	return nil
}

// SettingsTranslationStatus is settingsStatus through the reader.
func (s *Store) SettingsTranslationStatus(ctx context.Context, langs []string) ([]TranslationStatus, error) {
	out, _, err := settingsStatus(ctx, s.Reader(), langs)
	return out, err
}

// settingsStatus lists the translatable settings set in English that
// lack a translation into one of langs, or whose translation was written
// from an English value since changed; and how many are set in English.
func settingsStatus(ctx context.Context, q Querier, langs []string) ([]TranslationStatus, int, error) {
	english, _, err := siteSettings(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	byLang := map[string]*SettingsTranslation{}
	for _, l := range langs {
		if byLang[l], err = settingsTranslation(ctx, q, l); err != nil {
			return nil, 0, err
		}
	}
	out := []TranslationStatus{}
	total := 0
	for i := range entity.SiteSettingsTranslated {
		f := &entity.SiteSettingsTranslated[i]
		en := translatedPart(f, english[f.Key])
		if blank(en) {
			continue
		}
		total++
		st := TranslationStatus{Collection: "settings", ID: f.Key, Label: f.Label, Published: true, Missing: []string{}, Outdated: []string{}}
		for _, l := range langs {
			tr := byLang[l]
			switch {
			case untranslated(f, en, tr.Fields[f.Key]):
				st.Missing = append(st.Missing, l)
			case !sameValue(tr.Source[f.Key], en):
				st.Outdated = append(st.Outdated, l)
			}
		}
		if len(st.Missing)+len(st.Outdated) > 0 {
			out = append(out, st)
		}
	}
	return out, total, nil
}

// exportSettingsLanguages reads the translated settings of every language
// for an export file (nil when there are none).
func exportSettingsLanguages(ctx context.Context, q Querier) (map[string]map[string]any, error) {
	rows, err := q.QueryContext(ctx, `SELECT language FROM site_settings_languages ORDER BY language`)
	if err != nil {
		return nil, fmt.Errorf("store: export site settings languages: %w", err)
	}
	var langs []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: export site settings languages: %w", err)
		}
		langs = append(langs, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: export site settings languages: %w", err)
	}
	var out map[string]map[string]any
	for _, l := range langs {
		tr, err := settingsTranslation(ctx, q, l)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = map[string]map[string]any{}
		}
		out[l] = tr.Fields
	}
	return out, nil
}

// importSettingsLanguages writes the translated settings of an import
// file (checked), each counted as written from the file's English.
func importSettingsLanguages(ctx context.Context, q Querier, byLang map[string]map[string]any, english map[string]any, now time.Time) error {
	for lang, doc := range byLang {
		source := map[string]any{}
		for i := range entity.SiteSettingsTranslated {
			f := &entity.SiteSettingsTranslated[i]
			if !blank(doc[f.Key]) {
				source[f.Key] = translatedPart(f, english[f.Key])
			}
		}
		data, err := json.Marshal(map[string]any{"fields": doc, "source": source})
		if err != nil {
			return fmt.Errorf("store: import site settings in %s: %w", lang, err)
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO site_settings_languages (language, data, version, updated_at) VALUES (?, ?, 0, ?)`,
			lang, string(data), Millis(now)); err != nil {
			return fmt.Errorf("store: import site settings in %s: %w", lang, err)
		}
	}
	return nil
}
