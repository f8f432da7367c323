package store

import (
	"context"
	"fmt"
	"strings"
)

// MediaRef is how a picture (or the banner video) reaches the web app: its
// alt text, its size, and the URLs of its re-encoded files. Src is the
// widest file; Srcset lists every width of an image so the browser picks
// the one the screen needs.
type MediaRef struct {
	ID     string `json:"_id"`
	Kind   string `json:"kind"`
	Alt    string `json:"alt"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Src    string `json:"src"`
	Srcset string `json:"srcset,omitempty"`
	Type   string `json:"type"`
}

// MediaURL is the public URL of a stored media file.
func MediaURL(name string) string { return "/uploads/" + name }

// MediaRefs returns the references of the media with the given ids; an id
// that does not exist (or has no file) is left out of the map.
func (s *Store) MediaRefs(ctx context.Context, ids []string) (map[string]MediaRef, error) {
	out := map[string]MediaRef{}
	uniq := map[string]bool{}
	args := make([]any, 0, len(ids))
	for _, id := range ids {
		if id != "" && !uniq[id] {
			uniq[id] = true
			args = append(args, id)
		}
	}
	if len(args) == 0 {
		return out, nil
	}
	q := `SELECT m.id, m.kind, m.alt, m.width, m.height, f.name, f.width, f.content_type
		FROM media m JOIN media_files f ON f.media_id = m.id
		WHERE m.id IN (` + strings.TrimSuffix(strings.Repeat("?,", len(args)), ",") + `)
		ORDER BY m.id, f.width, f.name`
	rows, err := s.Reader().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: media refs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			ref         MediaRef
			name, ctype string
			fileWidth   int
		)
		if err := rows.Scan(&ref.ID, &ref.Kind, &ref.Alt, &ref.Width, &ref.Height, &name, &fileWidth, &ctype); err != nil {
			return nil, fmt.Errorf("store: media refs: %w", err)
		}
		prev, seen := out[ref.ID]
		if seen {
			ref.Srcset = prev.Srcset
		}
		// Files come narrowest first, so the last one is the widest.
		ref.Src, ref.Type = MediaURL(name), ctype
		if ref.Kind == "image" && fileWidth > 0 {
			if ref.Srcset != "" {
				ref.Srcset += ", "
			}
			ref.Srcset += fmt.Sprintf("%s %dw", MediaURL(name), fileWidth)
		}
		out[ref.ID] = ref
	}
	return out, rows.Err()
}
