package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"spdc/internal/db"
	"spdc/internal/entity"
)

// Media is an uploaded picture or video with its files (narrowest first).
type Media struct {
	ID        string
	Kind      string // image or video
	Alt       string
	Width     int // of the widest file; 0 for a video
	Height    int
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
	Files     []MediaFile
}

// MediaFile is one stored file of a media.
type MediaFile struct {
	Name        string // <hash>.<ext>
	Width       int
	Height      int
	ContentType string
	Size        int64
	Body        []byte // set on insert; not read back by listings
}

// MediaItem is a media as the admin list shows it: its reference, its
// version and dates, and where the site uses it.
type MediaItem struct {
	MediaRef
	Version   int       `json:"__v"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	UsedBy    []string  `json:"usedBy"`
}

// MediaExistsError refuses an upload whose files are already stored:
// the same picture or video was uploaded before, as media ID.
type MediaExistsError struct {
	ID  string
	Alt string
}

func (e *MediaExistsError) Error() string { return "store: media already uploaded as " + e.ID }

// Is makes a MediaExistsError match ErrConflict.
func (e *MediaExistsError) Is(target error) bool { return target == ErrConflict }

// MediaInUseError refuses deleting media the site still shows; UsedBy
// names each place ("Team — Asha").
type MediaInUseError struct{ UsedBy []string }

func (e *MediaInUseError) Error() string {
	return "store: media in use by " + strings.Join(e.UsedBy, ", ")
}

// Is makes a MediaInUseError match ErrConflict.
func (e *MediaInUseError) Is(target error) bool { return target == ErrConflict }

// maxMedia bounds the admin list of media (a charity's site has tens or
// hundreds of pictures).
const maxMedia = 5000

func (m *Media) auditMap() map[string]any {
	names := make([]string, len(m.Files))
	for i, f := range m.Files {
		names[i] = f.Name
	}
	return map[string]any{"kind": m.Kind, "alt": m.Alt, "width": m.Width, "height": m.Height, "files": names}
}

// InsertMedia stores m and its files through q (a transaction) and
// audits it. m gets its id, version and dates. A file already stored
// (the same upload again) gives a *MediaExistsError.
func InsertMedia(ctx context.Context, q Querier, m *Media, actor Actor, now time.Time) error {
	if m.Kind != "image" && m.Kind != "video" {
		return fmt.Errorf("store: insert media: unknown kind %q", m.Kind)
	}
	if len(m.Files) == 0 {
		return errors.New("store: insert media: no file")
	}
	for _, f := range m.Files {
		var id, alt string
		err := q.QueryRowContext(ctx, `SELECT m.id, m.alt FROM media_files f JOIN media m ON m.id = f.media_id WHERE f.name = ?`, f.Name).Scan(&id, &alt)
		if err == nil {
			return &MediaExistsError{ID: id, Alt: alt}
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: insert media: %w", err)
		}
	}
	now = now.UTC().Truncate(time.Millisecond)
	m.ID, m.Version, m.CreatedAt, m.UpdatedAt = NewID(now), 0, now, now
	if _, err := q.ExecContext(ctx, `INSERT INTO media (id, kind, alt, width, height, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?)`, m.ID, m.Kind, m.Alt, m.Width, m.Height, Millis(now), Millis(now)); err != nil {
		return fmt.Errorf("store: insert media: %w", err)
	}
	for i := range m.Files {
		f := &m.Files[i]
		f.Size = int64(len(f.Body))
		if _, err := q.ExecContext(ctx, `INSERT INTO media_files (name, media_id, width, height, content_type, size, body)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, f.Name, m.ID, f.Width, f.Height, f.ContentType, f.Size, f.Body); err != nil {
			if _, dup := db.IsUniqueViolation(err); dup {
				// The same file twice in one upload, or an upload that
				// raced an identical one.
				return &MediaExistsError{ID: m.ID, Alt: m.Alt}
			}
			return fmt.Errorf("store: insert media file: %w", err)
		}
	}
	return WriteAudit(ctx, q, AuditEntry{Actor: actor, Action: "create", Entity: "media", EntityID: m.ID,
		Before: map[string]any{}, After: m.auditMap()}, now)
}

// AddMedia stores m in a transaction of its own; see InsertMedia.
func (s *Store) AddMedia(ctx context.Context, m *Media, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error { return InsertMedia(ctx, tx, m, actor, s.now()) })
}

// mediaByID reads one media without its files, through q.
func mediaByID(ctx context.Context, q Querier, id string) (*Media, error) {
	var m Media
	var created, updated int64
	err := q.QueryRowContext(ctx, `SELECT id, kind, alt, width, height, version, created_at, updated_at FROM media WHERE id = ?`, id).
		Scan(&m.ID, &m.Kind, &m.Alt, &m.Width, &m.Height, &m.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: media by id: %w", err)
	}
	m.CreatedAt, m.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &m, nil
}

// ListMedia returns every media, newest first, with its reference and
// where it is used.
func (s *Store) ListMedia(ctx context.Context) ([]MediaItem, error) {
	return s.listMedia(ctx, "")
}

// MediaItemByID returns one media as the admin list shows it, or
// ErrNotFound.
func (s *Store) MediaItemByID(ctx context.Context, id string) (*MediaItem, error) {
	items, err := s.listMedia(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, ErrNotFound
	}
	return &items[0], nil
}

func (s *Store) listMedia(ctx context.Context, only string) ([]MediaItem, error) {
	q := `SELECT id, version, created_at, updated_at FROM media`
	args := []any{}
	if only != "" {
		q += ` WHERE id = ?`
		args = append(args, only)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, maxMedia)
	rows, err := s.Reader().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: list media: %w", err)
	}
	defer rows.Close()
	out := []MediaItem{}
	ids := []string{}
	for rows.Next() {
		var it MediaItem
		var created, updated int64
		if err := rows.Scan(&it.ID, &it.Version, &created, &updated); err != nil {
			return nil, fmt.Errorf("store: list media: %w", err)
		}
		it.CreatedAt, it.UpdatedAt = FromMillis(created), FromMillis(updated)
		out = append(out, it)
		ids = append(ids, it.ID)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list media: %w", err)
	}
	rows.Close()
	if len(out) == 0 {
		return out, nil
	}
	refs, err := s.mediaRefsChunked(ctx, ids)
	if err != nil {
		return nil, err
	}
	uses, err := mediaUses(ctx, s.Reader(), only)
	if err != nil {
		return nil, err
	}
	for i := range out {
		id, v, c, u := out[i].ID, out[i].Version, out[i].CreatedAt, out[i].UpdatedAt
		out[i].MediaRef = refs[id]
		out[i].ID, out[i].Version, out[i].CreatedAt, out[i].UpdatedAt = id, v, c, u
		out[i].UsedBy = uses[id]
		if out[i].UsedBy == nil {
			out[i].UsedBy = []string{}
		}
	}
	return out, nil
}

// mediaRefsChunked reads references in groups small enough for every
// database's limit on query parameters.
func (s *Store) mediaRefsChunked(ctx context.Context, ids []string) (map[string]MediaRef, error) {
	all := map[string]MediaRef{}
	for start := 0; start < len(ids); start += 500 {
		refs, err := s.MediaRefs(ctx, ids[start:min(len(ids), start+500)])
		if err != nil {
			return nil, err
		}
		for k, v := range refs {
			all[k] = v
		}
	}
	return all, nil
}

// mediaUses returns, per media id, the places that show it: items of the
// site's collections (by their photo) and the banner of the settings.
// only limits the answer to one media id ("" for all).
func mediaUses(ctx context.Context, q Querier, only string) (map[string][]string, error) {
	out := map[string][]string{}
	query := `SELECT photo_id, id, collection, language, data FROM site_items WHERE photo_id IS NOT NULL AND photo_id <> ''`
	args := []any{}
	if only != "" {
		query += ` AND photo_id = ?`
		args = append(args, only)
	}
	query += ` ORDER BY collection, language, position, id`
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: media uses: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var photo, id, collection, language, data string
		if err := rows.Scan(&photo, &id, &collection, &language, &data); err != nil {
			return nil, fmt.Errorf("store: media uses: %w", err)
		}
		out[photo] = append(out[photo], itemLabel(id, collection, language, data))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: media uses: %w", err)
	}
	var data string
	err = q.QueryRowContext(ctx, `SELECT data FROM site_settings WHERE id = 1`).Scan(&data)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: media uses: %w", err)
	}
	var settings struct {
		BannerVideo  any `json:"bannerVideo"`
		BannerPoster any `json:"bannerPoster"`
	}
	if data != "" && json.Unmarshal([]byte(data), &settings) == nil {
		for _, use := range []struct {
			v     any
			label string
		}{{settings.BannerVideo, "Settings — banner video"}, {settings.BannerPoster, "Settings — banner poster"}} {
			if id, ok := use.v.(string); ok && id != "" && (only == "" || id == only) {
				out[id] = append(out[id], use.label)
			}
		}
	}
	return out, nil
}

// itemLabel names an item for an admin: its collection's title and the
// item's name (or title, question, alt text), with its language when it
// is a translation.
func itemLabel(id, collection, language, data string) string {
	title := collection
	if e := entity.SiteCollection(collection); e != nil {
		title = e.Title
	}
	var fields map[string]any
	_ = json.Unmarshal([]byte(data), &fields)
	name := ""
	for _, key := range []string{"name", "title", "question", "alt", "slug"} {
		if s, ok := fields[key].(string); ok && strings.TrimSpace(s) != "" {
			name = strings.TrimSpace(s)
			break
		}
	}
	if name == "" {
		name = "item " + id
	}
	if len([]rune(name)) > 60 {
		name = string([]rune(name)[:59]) + "…"
	}
	if language != "" && language != "en" {
		name += " (" + language + ")"
	}
	return title + " — " + name
}

// MediaUsedBy names the places that show media id.
func (s *Store) MediaUsedBy(ctx context.Context, id string) ([]string, error) {
	uses, err := mediaUses(ctx, s.Reader(), id)
	if err != nil {
		return nil, err
	}
	if uses[id] == nil {
		return []string{}, nil
	}
	return uses[id], nil
}

// UpdateMediaAlt changes the alt text of media id if its version is still
// version, and audits it. ErrNotFound or ErrConflict (stale version).
func (s *Store) UpdateMediaAlt(ctx context.Context, id, alt string, version int, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		m, err := mediaByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if m.Version != version {
			return ErrConflict
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		res, err := tx.ExecContext(ctx, `UPDATE media SET alt = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
			alt, Millis(now), id, version)
		if err := oneRow(res, err, "update media alt"); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "update", Entity: "media", EntityID: id,
			Before: map[string]any{"alt": m.Alt}, After: map[string]any{"alt": alt}}, now)
	})
}

// DeleteMedia removes media id and its files, and audits it. While the
// site shows it the delete is refused with a *MediaInUseError naming
// where; ErrNotFound when there is no such media.
func (s *Store) DeleteMedia(ctx context.Context, id string, actor Actor) error {
	return s.InTx(ctx, func(tx *Tx) error {
		m, err := mediaByID(ctx, tx, id)
		if err != nil {
			return err
		}
		uses, err := mediaUses(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(uses[id]) > 0 {
			return &MediaInUseError{UsedBy: uses[id]}
		}
		files, err := mediaFileNames(ctx, tx, id)
		if err != nil {
			return err
		}
		m.Files = files
		if _, err := tx.ExecContext(ctx, `DELETE FROM media_files WHERE media_id = ?`, id); err != nil {
			return fmt.Errorf("store: delete media files: %w", err)
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM media WHERE id = ?`, id)
		if err := oneRow(res, err, "delete media"); err != nil {
			return err
		}
		return WriteAudit(ctx, tx, AuditEntry{Actor: actor, Action: "delete", Entity: "media", EntityID: id,
			Before: m.auditMap(), After: map[string]any{}}, s.now())
	})
}

func mediaFileNames(ctx context.Context, q Querier, id string) ([]MediaFile, error) {
	rows, err := q.QueryContext(ctx, `SELECT name, width, height, content_type, size FROM media_files WHERE media_id = ? ORDER BY width, name`, id)
	if err != nil {
		return nil, fmt.Errorf("store: media files: %w", err)
	}
	defer rows.Close()
	out := []MediaFile{}
	for rows.Next() {
		var f MediaFile
		if err := rows.Scan(&f.Name, &f.Width, &f.Height, &f.ContentType, &f.Size); err != nil {
			return nil, fmt.Errorf("store: media files: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// MediaFileInfo returns a stored file's type and size (no body), or
// ErrNotFound.
func (s *Store) MediaFileInfo(ctx context.Context, name string) (*MediaFile, error) {
	stmt, err := s.Prepared(ctx, `SELECT name, width, height, content_type, size FROM media_files WHERE name = ?`)
	if err != nil {
		return nil, fmt.Errorf("store: media file: %w", err)
	}
	var f MediaFile
	err = stmt.QueryRowContext(ctx, name).Scan(&f.Name, &f.Width, &f.Height, &f.ContentType, &f.Size)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: media file: %w", err)
	}
	return &f, nil
}

// MediaFileBytes returns up to n bytes of a stored file from offset off
// (0-based), so a large video is served piece by piece instead of held
// whole in memory for each request.
func (s *Store) MediaFileBytes(ctx context.Context, name string, off, n int64) ([]byte, error) {
	if off < 0 || n <= 0 {
		return nil, fmt.Errorf("store: media file bytes: bad range %d+%d", off, n)
	}
	stmt, err := s.Prepared(ctx, `SELECT substr(body, ?, ?) FROM media_files WHERE name = ?`)
	if err != nil {
		return nil, fmt.Errorf("store: media file bytes: %w", err)
	}
	var b []byte
	err = stmt.QueryRowContext(ctx, off+1, n, name).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: media file bytes: %w", err)
	}
	return b, nil
}
