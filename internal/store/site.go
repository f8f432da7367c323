package store

// The program's own site as data: the settings record and the items of
// each collection (team, donors, faq, pages, …). Values arrive here clean,
// checked by their definition in internal/entity; the store checks what
// needs the database (the pictures named exist, a page's slug is used once
// per language, the item translated exists), keeps photo_id in step with
// the item's photo, counts every change in site_settings.revision and
// writes the audit log in the transaction of the change.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"spdc/internal/entity"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"spdc/internal/list"
)

// InvalidError is a write refused for its values: Fields maps a field's
// path to what is wrong, in words an admin understands.
type InvalidError struct{ Fields map[string]i18n.Msg }

func (e *InvalidError) Error() string {
	en := make(map[string]string, len(e.Fields))
	for k, m := range e.Fields {
		en[k] = m.Phrase()
	}
	return fmt.Sprintf("store: invalid values: %v", en)
}

func invalid(field string, msg i18n.Msg) error {
	return &InvalidError{Fields: map[string]i18n.Msg{field: msg}}
}

// DefaultLanguage is every item's fallback.
const DefaultLanguage = "en"

var languageRE = regexp.MustCompile(`^[a-z]{2,3}$`)

// ValidLanguage reports whether s is a language code the site keeps
// items in (two or three lower-case letters: en, hi, bn).
func ValidLanguage(s string) bool { return languageRE.MatchString(s) }

// SiteItem is one item of a collection.
type SiteItem struct {
	ID            string
	Collection    string
	Language      string
	TranslationOf string // the English item this one translates, or ""
	Position      int
	Published     bool
	// Fields are the collection's own fields, clean (photo included).
	Fields    map[string]any
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Photo is the media id of the item's picture, or "".
func (it *SiteItem) Photo() string { s, _ := it.Fields["photo"].(string); return s }

// JSON is the item as the API shows it: its own fields next to _id,
// position, published, language, translationOf, __v, createdAt and
// updatedAt.
func (it *SiteItem) JSON() map[string]any {
	out := make(map[string]any, len(it.Fields)+8)
	for k, v := range it.Fields {
		out[k] = v
	}
	out["_id"], out["position"], out["published"], out["language"] = it.ID, it.Position, it.Published, it.Language
	out["translationOf"], out["__v"] = it.TranslationOf, it.Version
	out["createdAt"], out["updatedAt"] = list.FormatMillis(Millis(it.CreatedAt)), list.FormatMillis(Millis(it.UpdatedAt))
	return out
}

// MarshalJSON writes JSON().
func (it SiteItem) MarshalJSON() ([]byte, error) { return json.Marshal(it.JSON()) }

func (it *SiteItem) auditMap() map[string]any {
	out := make(map[string]any, len(it.Fields)+4)
	for k, v := range it.Fields {
		out[k] = v
	}
	out["position"], out["published"], out["language"], out["translationOf"] = it.Position, it.Published, it.Language, it.TranslationOf
	return out
}

func siteEntity(collection string) string { return "site-" + collection }

// SiteSettings returns the settings record (every field of its
// definition, the empty value for those never set) and its version.
func (s *Store) SiteSettings(ctx context.Context) (map[string]any, int, error) {
	return siteSettings(ctx, s.Reader())
}

func siteSettings(ctx context.Context, q Querier) (map[string]any, int, error) {
	var data string
	var version int
	err := q.QueryRowContext(ctx, `SELECT data, version FROM site_settings WHERE id = 1`).Scan(&data, &version)
	if errors.Is(err, sql.ErrNoRows) {
		data, err = "{}", nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: site settings: %w", err)
	}
	return fillDoc(entity.SiteSettings.Fields, data), version, nil
}

// fillDoc reads a stored JSON record, giving the fields it lacks their
// empty value (a field added to the definition after the record was
// saved). Stored records were checked when they were written.
func fillDoc(fields []entity.Field, data string) map[string]any {
	var raw map[string]json.RawMessage
	_ = json.Unmarshal([]byte(data), &raw)
	doc, _ := entity.CheckDoc(fields, raw, time.Now())
	return doc
}

// PutSiteSettings saves the settings record if its version is still
// version (ErrConflict otherwise) and returns the new version. doc is
// clean (entity.CheckDoc); the media it names must exist.
func (s *Store) PutSiteSettings(ctx context.Context, doc map[string]any, version int, actor Actor) (int, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	var next int
	err := s.InTx(ctx, func(tx *Tx) error {
		before, v, err := siteSettings(ctx, tx)
		if err != nil {
			return err
		}
		if v != version {
			return ErrConflict
		}
		if err := checkMedia(ctx, tx, entity.SiteSettings.Fields, doc); err != nil {
			return err
		}
		data, err := json.Marshal(doc)
		if err != nil {
			return fmt.Errorf("store: site settings: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE site_settings SET data = ?, version = version + 1, revision = revision + 1, updated_at = ?
			WHERE id = 1 AND version = ?`, string(data), Millis(now), version)
		if err := oneRow(res, err, "put site settings"); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrConflict
			}
			return err
		}
		next = version + 1
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: "site-settings", EntityID: "1",
			Before: changedOnly(before, doc), After: changedOnly(doc, before)}, now)
	})
	return next, err
}

// changedOnly is the part of a that differs from b (what the audit log
// shows of an edit).
func changedOnly(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		x, _ := json.Marshal(v)
		y, _ := json.Marshal(b[k])
		if string(x) != string(y) {
			out[k] = v
		}
	}
	return out
}

// checkMedia refuses a record naming a picture (or video) that is not in
// the media library, or a picture where a video belongs.
func checkMedia(ctx context.Context, q Querier, fields []entity.Field, doc map[string]any) error {
	for i := range fields {
		f := &fields[i]
		id, _ := doc[f.Key].(string)
		if id == "" || (f.Format != entity.MediaID && f.Format != entity.MediaVid) {
			continue
		}
		var kind string
		err := q.QueryRowContext(ctx, `SELECT kind FROM media WHERE id = ?`, id).Scan(&kind)
		if errors.Is(err, sql.ErrNoRows) {
			return invalid(f.Key, entity.MsgMedia)
		}
		if err != nil {
			return fmt.Errorf("store: check media: %w", err)
		}
		want := "image"
		if f.Format == entity.MediaVid {
			want = "video"
		}
		if kind != want {
			return invalid(f.Key, map[string]i18n.Msg{"image": msgs.SitePickPicture, "video": msgs.SitePickVideo}[want])
		}
	}
	return nil
}

const siteItemColumns = `id, collection, language, COALESCE(translation_of, ''), position, published, data, version, created_at, updated_at`

func scanSiteItem(row formScanner) (*SiteItem, error) {
	var it SiteItem
	var data string
	var created, updated int64
	if err := row.Scan(&it.ID, &it.Collection, &it.Language, &it.TranslationOf, &it.Position, &it.Published, &data,
		&it.Version, &created, &updated); err != nil {
		return nil, err
	}
	it.CreatedAt, it.UpdatedAt = FromMillis(created), FromMillis(updated)
	if e := entity.SiteCollection(it.Collection); e != nil {
		it.Fields = fillDoc(e.Fields, data)
	} else {
		it.Fields = map[string]any{}
	}
	return &it, nil
}

// maxSiteItems bounds a read of one collection (a site shows tens of
// items per list, not thousands).
const maxSiteItems = 2000

func siteItems(ctx context.Context, q Querier, where string, args ...any) ([]SiteItem, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+siteItemColumns+` FROM site_items WHERE `+where+
		` ORDER BY collection, position, created_at, id LIMIT `+fmt.Sprint(maxSiteItems*len(entity.SiteCollections)), args...)
	if err != nil {
		return nil, fmt.Errorf("store: site items: %w", err)
	}
	defer rows.Close()
	out := []SiteItem{}
	for rows.Next() {
		it, err := scanSiteItem(rows)
		if err != nil {
			return nil, fmt.Errorf("store: site items: %w", err)
		}
		out = append(out, *it)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: site items: %w", err)
	}
	return out, nil
}

// SiteItems returns every item of a collection in a language, published
// or not, in order.
func (s *Store) SiteItems(ctx context.Context, collection, lang string) ([]SiteItem, error) {
	return siteItems(ctx, s.Reader(), `collection = ? AND language = ?`, collection, lang)
}

// SiteItem returns one item of a collection, or ErrNotFound.
func (s *Store) SiteItem(ctx context.Context, collection, id string) (*SiteItem, error) {
	return siteItem(ctx, s.Reader(), collection, id)
}

func siteItem(ctx context.Context, q Querier, collection, id string) (*SiteItem, error) {
	it, err := scanSiteItem(q.QueryRowContext(ctx, `SELECT `+siteItemColumns+` FROM site_items WHERE id = ? AND collection = ?`, id, collection))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: site item: %w", err)
	}
	return it, nil
}

// checkItem checks what an item's values need of the database, through
// q: its pictures exist, the item it translates is an English item of the
// same collection, and a page's slug is not used by another page of its
// language.
func checkItem(ctx context.Context, q Querier, it *SiteItem) error {
	e := entity.SiteCollection(it.Collection)
	if e == nil {
		return ErrNotFound
	}
	if !ValidLanguage(it.Language) {
		return invalid("language", msgs.SiteLanguageCode)
	}
	switch {
	case it.Language == DefaultLanguage && it.TranslationOf != "":
		return invalid("translationOf", msgs.SiteEnglishNotTranslation)
	case it.TranslationOf != "":
		orig, err := siteItem(ctx, q, it.Collection, it.TranslationOf)
		if errors.Is(err, ErrNotFound) || (err == nil && orig.Language != DefaultLanguage) {
			return invalid("translationOf", msgs.SiteEnglishItemMissing)
		}
		if err != nil {
			return err
		}
	}
	if err := checkMedia(ctx, q, e.Fields, it.Fields); err != nil {
		return err
	}
	if it.Collection == "pages" {
		others, err := siteItems(ctx, q, `collection = 'pages' AND language = ? AND id <> ?`, it.Language, it.ID)
		if err != nil {
			return err
		}
		for _, o := range others {
			if o.Fields["slug"] == it.Fields["slug"] {
				return invalid("slug", msgs.SitePageExists)
			}
		}
	}
	return nil
}

func photoColumn(it *SiteItem) any {
	if p := it.Photo(); p != "" {
		return p
	}
	return nil
}

func translationColumn(it *SiteItem) any {
	if it.TranslationOf != "" {
		return it.TranslationOf
	}
	return nil
}

// bumpRevision counts one change of the site's content.
func bumpRevision(ctx context.Context, q Querier) error {
	if _, err := q.ExecContext(ctx, `UPDATE site_settings SET revision = revision + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("store: site revision: %w", err)
	}
	return nil
}

// insertSiteItem writes a new item as it is (id, position and times set).
func insertSiteItem(ctx context.Context, q Querier, it *SiteItem) error {
	data, err := json.Marshal(it.Fields)
	if err != nil {
		return fmt.Errorf("store: add site item: %w", err)
	}
	_, err = q.ExecContext(ctx, `INSERT INTO site_items (id, collection, language, translation_of, position, published, photo_id, data, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		it.ID, it.Collection, it.Language, translationColumn(it), it.Position, it.Published, photoColumn(it), string(data),
		it.Version, Millis(it.CreatedAt), Millis(it.UpdatedAt))
	if err != nil {
		return fmt.Errorf("store: add site item: %w", err)
	}
	return nil
}

// AddSiteItem adds it (Fields clean) at the end of its collection in its
// language, and audits the admin's action.
func (s *Store) AddSiteItem(ctx context.Context, it *SiteItem, actor Actor) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.InTx(ctx, func(tx *Tx) error {
		it.ID, it.Version, it.CreatedAt, it.UpdatedAt = NewID(now), 0, now, now
		if err := checkItem(ctx, tx, it); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(position) + 1, 0) FROM site_items WHERE collection = ? AND language = ?`,
			it.Collection, it.Language).Scan(&it.Position); err != nil {
			return fmt.Errorf("store: add site item: %w", err)
		}
		if err := insertSiteItem(ctx, tx, it); err != nil {
			return err
		}
		if err := bumpRevision(ctx, tx); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "create", Entity: siteEntity(it.Collection), EntityID: it.ID,
			Before: map[string]any{}, After: it.auditMap()}, now)
	})
}

// UpdateSiteItem saves it (Fields clean, Published and Language as the
// admin left them) over the stored item if its version is still
// it.Version (ErrConflict otherwise); it then holds the saved item.
func (s *Store) UpdateSiteItem(ctx context.Context, it *SiteItem, actor Actor) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.InTx(ctx, func(tx *Tx) error {
		before, err := siteItem(ctx, tx, it.Collection, it.ID)
		if err != nil {
			return err
		}
		if before.Version != it.Version {
			return ErrConflict
		}
		if err := checkItem(ctx, tx, it); err != nil {
			return err
		}
		data, err := json.Marshal(it.Fields)
		if err != nil {
			return fmt.Errorf("store: update site item: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE site_items SET language = ?, translation_of = ?, published = ?, photo_id = ?, data = ?,
			version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
			it.Language, translationColumn(it), it.Published, photoColumn(it), string(data), Millis(now), it.ID, it.Version)
		if err := oneRow(res, err, "update site item"); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrConflict
			}
			return err
		}
		it.Position, it.CreatedAt, it.UpdatedAt, it.Version = before.Position, before.CreatedAt, now, it.Version+1
		if err := bumpRevision(ctx, tx); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: siteEntity(it.Collection), EntityID: it.ID,
			Before: changedOnly(before.auditMap(), it.auditMap()), After: changedOnly(it.auditMap(), before.auditMap())}, now)
	})
}

// DeleteSiteItem deletes an item of a collection, and its translations
// with it, auditing each.
func (s *Store) DeleteSiteItem(ctx context.Context, collection, id string, actor Actor) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.InTx(ctx, func(tx *Tx) error {
		it, err := siteItem(ctx, tx, collection, id)
		if err != nil {
			return err
		}
		gone, err := siteItems(ctx, tx, `collection = ? AND translation_of = ?`, collection, id)
		if err != nil {
			return err
		}
		gone = append(gone, *it)
		for i := range gone {
			if _, err := tx.ExecContext(ctx, `DELETE FROM site_items WHERE id = ?`, gone[i].ID); err != nil {
				return fmt.Errorf("store: delete site item: %w", err)
			}
			if err := WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "delete", Entity: siteEntity(collection), EntityID: gone[i].ID,
				Before: gone[i].auditMap(), After: map[string]any{}}, now); err != nil {
				return err
			}
		}
		return bumpRevision(ctx, tx)
	})
}

// OrderSiteItems gives the items of a collection in a language the
// positions 0..n-1 in the order of ids, which must name each of them
// once.
func (s *Store) OrderSiteItems(ctx context.Context, collection, lang string, ids []string, actor Actor) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.InTx(ctx, func(tx *Tx) error {
		items, err := siteItems(ctx, tx, `collection = ? AND language = ?`, collection, lang)
		if err != nil {
			return err
		}
		have := map[string]bool{}
		for _, it := range items {
			have[it.ID] = true
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if !have[id] || seen[id] {
				return invalid("ids", msgs.SiteListChanged)
			}
			seen[id] = true
		}
		if len(seen) != len(have) {
			return invalid("ids", msgs.SiteListChanged)
		}
		before := make([]string, len(items))
		for i, it := range items {
			before[i] = it.ID
		}
		for pos, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE site_items SET position = ?, updated_at = ? WHERE id = ? AND position <> ?`,
				pos, Millis(now), id, pos); err != nil {
				return fmt.Errorf("store: order site items: %w", err)
			}
		}
		if err := bumpRevision(ctx, tx); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "order", Entity: siteEntity(collection), EntityID: lang,
			Before: map[string]any{"ids": before}, After: map[string]any{"ids": ids}}, now)
	})
}

// SiteRevision is a token that changes with every change of the site's
// content (settings, items, media): one cheap query, so each instance can
// tell that its copy of the public site is stale.
func (s *Store) SiteRevision(ctx context.Context) (string, error) {
	var rev, mediaCount, mediaUpdated, mediaVersions int64
	err := s.Reader().QueryRowContext(ctx, `SELECT
		COALESCE((SELECT revision FROM site_settings WHERE id = 1), -1),
		(SELECT COUNT(*) FROM media),
		COALESCE((SELECT MAX(updated_at) FROM media), 0),
		COALESCE((SELECT SUM(version) FROM media), 0)`).Scan(&rev, &mediaCount, &mediaUpdated, &mediaVersions)
	if err != nil {
		return "", fmt.Errorf("store: site revision: %w", err)
	}
	return fmt.Sprintf("%d.%d.%d.%d", rev, mediaCount, mediaUpdated, mediaVersions), nil
}

// PublicSite is what visitors may read of the site: the public settings
// and the published items of every collection, pictures expanded.
type PublicSite struct {
	Settings    map[string]any              `json:"settings"`
	Collections map[string][]map[string]any `json:"collections"`
}

// PublicSite returns the site in a language: the settings with their
// values translated into lang where there are some, each published
// English item, or its published translation into lang when there is one,
// then the published items written in lang alone, in order. Internal
// settings (the receipt prefix, the registration number) are left out.
func (s *Store) PublicSite(ctx context.Context, lang string) (*PublicSite, error) {
	settings, _, err := siteSettings(ctx, s.Reader())
	if err != nil {
		return nil, err
	}
	if err := translateSettings(ctx, s.Reader(), settings, lang); err != nil {
		return nil, err
	}
	langs := []any{DefaultLanguage}
	if lang != DefaultLanguage {
		langs = append(langs, lang)
	}
	items, err := siteItems(ctx, s.Reader(), `published = ? AND language IN (`+strings.TrimSuffix(strings.Repeat("?,", len(langs)), ",")+`)`,
		append([]any{true}, langs...)...)
	if err != nil {
		return nil, err
	}
	chosen := pickLanguage(items, lang)

	var ids []string
	for _, f := range entity.SiteSettings.Fields {
		if id, _ := settings[f.Key].(string); id != "" && (f.Format == entity.MediaID || f.Format == entity.MediaVid) {
			ids = append(ids, id)
		}
	}
	for _, list := range chosen {
		for i := range list {
			ids = append(ids, list[i].Photo())
		}
	}
	refs, err := s.MediaRefs(ctx, ids)
	if err != nil {
		return nil, err
	}
	expand := func(id string) any {
		if ref, ok := refs[id]; ok {
			return ref
		}
		return nil
	}
	out := &PublicSite{Settings: map[string]any{}, Collections: map[string][]map[string]any{}}
	for _, f := range entity.SiteSettings.Fields {
		switch {
		case f.Internal:
		case f.Format == entity.MediaID || f.Format == entity.MediaVid:
			id, _ := settings[f.Key].(string)
			out.Settings[f.Key] = expand(id)
		default:
			out.Settings[f.Key] = settings[f.Key]
		}
	}
	for _, e := range entity.SiteCollections {
		list := make([]map[string]any, 0, len(chosen[e.Name]))
		for i := range chosen[e.Name] {
			it := &chosen[e.Name][i]
			j := it.JSON()
			if e.Field("photo") != nil {
				j["photo"] = expand(it.Photo())
			}
			list = append(list, j)
		}
		out.Collections[e.Name] = list
	}
	return out, nil
}

// pickLanguage groups items (published, in English or lang, ordered by
// position) by collection: each English item or its translation into
// lang, at the English item's position, then lang's own items.
func pickLanguage(items []SiteItem, lang string) map[string][]SiteItem {
	translated := map[string]SiteItem{}
	if lang != DefaultLanguage {
		for _, it := range items {
			if it.Language == lang && it.TranslationOf != "" {
				translated[it.TranslationOf] = it
			}
		}
	}
	out := map[string][]SiteItem{}
	var own []SiteItem
	for _, it := range items {
		switch {
		case it.Language == DefaultLanguage:
			if t, ok := translated[it.ID]; ok {
				t.Position = it.Position
				it = t
			}
			out[it.Collection] = append(out[it.Collection], it)
		case it.TranslationOf == "":
			own = append(own, it)
		}
	}
	for _, it := range own {
		out[it.Collection] = append(out[it.Collection], it)
	}
	for c := range out {
		list := out[c]
		sort.SliceStable(list, func(i, j int) bool {
			// English (and translated) items first, in position order;
			// lang's own items after them.
			ai, aj := list[i].TranslationOf == "" && list[i].Language != DefaultLanguage, list[j].TranslationOf == "" && list[j].Language != DefaultLanguage
			if ai != aj {
				return !ai
			}
			return list[i].Position < list[j].Position
		})
	}
	return out
}

// ChecklistEntry is one line of the dashboard's setup checklist: what a
// fresh install still lacks before the site tells visitors how to reach
// and support the program.
type ChecklistEntry struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Done  bool   `json:"done"`
}

// SiteChecklist reports which of the program's essential details are set.
func (s *Store) SiteChecklist(ctx context.Context) ([]ChecklistEntry, error) {
	settings, _, err := s.SiteSettings(ctx)
	if err != nil {
		return nil, err
	}
	var team int
	if err := s.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items WHERE collection = 'team' AND published = ?`, true).Scan(&team); err != nil {
		return nil, fmt.Errorf("store: site checklist: %w", err)
	}
	count := func(k string) int {
		switch v := settings[k].(type) {
		case []map[string]any:
			return len(v)
		case []string:
			return len(v)
		}
		return 0
	}
	officer, _ := settings["grievanceOfficer"].(map[string]any)
	name, _ := officer["name"].(string)
	email, _ := settings["email"].(string)
	return []ChecklistEntry{
		{"bankAccounts", "A bank account for donations", count("bankAccounts") > 0},
		{"phones", "A phone number", count("phones") > 0},
		{"address", "The postal address", count("addressLines") > 0},
		{"email", "The email address", email != ""},
		{"grievanceOfficer", "The grievance officer", name != ""},
		{"team", "At least one published team member", team > 0},
	}, nil
}

// TranslationStatus is an English item of a collection that lacks an
// up-to-date translation into one of the site's other languages.
type TranslationStatus struct {
	Collection string `json:"collection"`
	ID         string `json:"_id"`
	// Label names the item as the dashboard lists it (its title,
	// question or name).
	Label     string `json:"label"`
	Published bool   `json:"published"`
	// Missing are the languages the item has no translation into.
	Missing []string `json:"missing"`
	// Outdated are the languages whose translation was last saved before
	// the English item was changed.
	Outdated []string `json:"outdated"`
}

// labelKeys are the fields that name an item, by preference.
var labelKeys = []string{"title", "question", "name", "heading", "slug"}

// SiteTranslations lists the translatable settings (as items of the
// collection "settings", each named by its field) and then, collection by
// collection in the dashboard's order, the English items that have no
// translation into one of langs, or only one older than the English text;
// and how many English settings and items there are in all.
func (s *Store) SiteTranslations(ctx context.Context, langs []string) ([]TranslationStatus, int, error) {
	settings, total, err := settingsStatus(ctx, s.Reader(), langs)
	if err != nil {
		return nil, 0, err
	}
	items, err := siteItems(ctx, s.Reader(), `1 = 1`)
	if err != nil {
		return nil, 0, err
	}
	// translations[original id][language] is the translation's last save.
	translations := map[string]map[string]time.Time{}
	for _, it := range items {
		if it.TranslationOf != "" {
			if translations[it.TranslationOf] == nil {
				translations[it.TranslationOf] = map[string]time.Time{}
			}
			translations[it.TranslationOf][it.Language] = it.UpdatedAt
		}
	}
	order := map[string]int{}
	for i, e := range entity.SiteCollections {
		order[e.Name] = i
	}
	out := []TranslationStatus{}
	for _, it := range items {
		if it.Language != DefaultLanguage {
			continue
		}
		total++
		st := TranslationStatus{Collection: it.Collection, ID: it.ID, Label: it.ID, Published: it.Published, Missing: []string{}, Outdated: []string{}}
		for _, k := range labelKeys {
			if v, _ := it.Fields[k].(string); strings.TrimSpace(v) != "" {
				st.Label = v
				break
			}
		}
		for _, lang := range langs {
			saved, ok := translations[it.ID][lang]
			switch {
			case !ok:
				st.Missing = append(st.Missing, lang)
			case saved.Before(it.UpdatedAt):
				st.Outdated = append(st.Outdated, lang)
			}
		}
		if len(st.Missing)+len(st.Outdated) > 0 {
			out = append(out, st)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return order[out[i].Collection] < order[out[j].Collection] })
	return append(settings, out...), total, nil
}
