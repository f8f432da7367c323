// Package demo fills a separate demo instance of the site with clearly
// marked example people and pictures, so the site can be shown with every
// block filled in. Every name says it is a demo, every picture is an
// illustration drawn here, and nothing is loaded unless asked: `make demo`
// runs it on its own data directory, and the site's normal start never
// calls it.
package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"time"

	"spdc/internal/media"
	"spdc/internal/store"
)

// Marker ends every demo name, so no visitor mistakes a demo person for a
// real one.
const Marker = " — example only"

// actor is who the audit log names for the demo's rows.
var actor = store.Actor{ID: "demo", Email: "demo loader"}

// Summary says what Load added.
type Summary struct {
	Media int
	Items map[string]int // per collection
	// AlreadyLoaded is set when the demo content was found in place and
	// nothing was added.
	AlreadyLoaded bool
}

// picture is one demo picture and its description.
type picture struct {
	key  string
	alt  string
	draw func() *image.RGBA
}

// item is one demo item of a collection; photo names a picture by key.
type item struct {
	collection string
	photo      string
	fields     map[string]any
}

var pictures = []picture{
	{"asha", "Illustration of a smiling woman with grey hair in a bun and a red bindi, wearing a green sari (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xf6d7b0, clothes: 0x2f7d5b, skin: 0xc68642, hair: 0x2b1d14, hairStyle: "bun", bindi: true, grey: true})
		}},
	{"ravi", "Illustration of a smiling man with glasses and a tilak, wearing a saffron kurta (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xd6e6f2, clothes: 0xe07a1f, skin: 0x8d5524, hair: 0x1b120c, hairStyle: "short", glasses: true, tilak: true})
		}},
	{"meena", "Illustration of a smiling young woman with long dark hair, wearing a maroon top (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xf3d1dc, clothes: 0x8e2c48, skin: 0xe0ac69, hair: 0x2b1d14, hairStyle: "long", bindi: true})
		}},
	{"gopal", "Illustration of a smiling elderly man with a grey beard and glasses, wearing a blue shawl (demo picture).",
		func() *image.RGBA {
			return portrait(person{background: 0xe3efd8, clothes: 0x2c5d8f, skin: 0xa86b3c, hair: 0x2b1d14, hairStyle: "bald", glasses: true, beard: true, grey: true})
		}},
	{"village", "Illustration of a small house among green hills as the sun rises (demo picture).", sunriseVillage},
	{"lamps", "Illustration of seven oil lamps glowing on stone steps at dusk (demo picture).", lampsEvening},
}

var items = []item{
	{"team", "asha", map[string]any{"name": "Demo Sevika Asha" + Marker, "role": "Care coordinator (demo)",
		"bio": "This is a **demo profile** to show how the team block looks. It is not a real person."}},
	{"team", "ravi", map[string]any{"name": "Demo Sevaka Ravi" + Marker, "role": "Volunteer lead (demo)",
		"bio": "A demo profile for the team block. Replace it with your own team from the dashboard."}},
	{"donors", "gopal", map[string]any{"name": "Demo Donor Gopal" + Marker, "amount": 5001, "consent": true}},
	{"donors", "", map[string]any{"name": "Demo Donor Family" + Marker, "amount": 1100, "consent": true}},
	{"volunteers", "meena", map[string]any{"name": "Demo Volunteer Meena" + Marker, "role": "Weekly visits (demo)"}},
	{"volunteers", "", map[string]any{"name": "Demo Volunteer Arjun" + Marker, "role": "Cooking (demo)"}},
	{"testimonials", "", map[string]any{"name": "Demo Resident" + Marker, "place": "Demo town",
		"quote": "This is a demo testimonial, written to show the layout. It quotes no real person.", "stars": 5}},
	{"testimonials", "", map[string]any{"name": "Demo Family Member" + Marker, "place": "Demo village",
		"quote": "Another demo testimonial, for the layout only.", "stars": 4}},
	{"gallery", "village", map[string]any{"alt": "Illustration of a small house among green hills as the sun rises (demo picture)."}},
	{"gallery", "lamps", map[string]any{"alt": "Illustration of seven oil lamps glowing on stone steps at dusk (demo picture)."}},
	{"stories", "lamps", map[string]any{"title": "Demo story: an evening of lamps" + Marker, "date": "2026-01-15",
		"body": "This **demo story** shows how stories look on the site. The event and the people in it are invented."}},
}

// Load adds the demo pictures and items to the database of st. Pictures
// go through the same processing and store functions as an admin's
// upload. When the demo's first picture is already stored, the demo is
// taken as loaded and nothing is added.
func Load(ctx context.Context, st *store.Store) (Summary, error) {
	sum := Summary{Items: map[string]int{}}
	ids := map[string]string{}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		for _, p := range pictures {
			var buf bytes.Buffer
			if err := png.Encode(&buf, p.draw()); err != nil {
				return fmt.Errorf("demo: draw %s: %w", p.key, err)
			}
			res, err := media.Image(ctx, buf.Bytes())
			if err != nil {
				return fmt.Errorf("demo: process %s: %w", p.key, err)
			}
			m := &store.Media{Kind: res.Kind, Alt: p.alt, Width: res.Width, Height: res.Height}
			for _, f := range res.Files {
				m.Files = append(m.Files, store.MediaFile{Name: f.Name, Width: f.Width, Height: f.Height, ContentType: f.ContentType, Body: f.Body})
			}
			var exists *store.MediaExistsError
			if err := store.InsertMedia(ctx, tx, m, actor, st.Now()); errors.As(err, &exists) && len(ids) == 0 {
				return errAlreadyLoaded
			} else if err != nil {
				return fmt.Errorf("demo: store %s: %w", p.key, err)
			}
			ids[p.key] = m.ID
			sum.Media++
		}
		positions := map[string]int{}
		for _, it := range items {
			pos, err := nextPosition(ctx, tx, it.collection)
			if err != nil {
				return err
			}
			pos += positions[it.collection]
			positions[it.collection]++
			if err := insertItem(ctx, tx, it.collection, pos, ids[it.photo], it.fields, st.Now()); err != nil {
				return err
			}
			sum.Items[it.collection]++
		}
		return nil
	})
	if errors.Is(err, errAlreadyLoaded) {
		return Summary{Items: map[string]int{}, AlreadyLoaded: true}, nil
	}
	return sum, err
}

var errAlreadyLoaded = errors.New("demo: already loaded")

// nextPosition is the position after the last item of a collection, so
// demo items follow whatever the instance already has.
func nextPosition(ctx context.Context, q store.Querier, collection string) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(position) + 1, 0) FROM site_items WHERE collection = ?`, collection).Scan(&n); err != nil {
		return 0, fmt.Errorf("demo: position: %w", err)
	}
	return n, nil
}

// insertItem writes one published English item of a collection, the way
// the site keeps items: the fields as a JSON object in data, the picture's
// id in photo_id (NULL without one), version 0; and audits it as the
// dashboard's edits are. (The demo writes its rows itself so that it does
// not depend on how the dashboard's own item functions check fields.)
func insertItem(ctx context.Context, q store.Querier, collection string, position int, photo string, fields map[string]any, now time.Time) error {
	data, err := json.Marshal(fields)
	if err != nil {
		return fmt.Errorf("demo: item: %w", err)
	}
	var photoID any
	if photo != "" {
		photoID = photo
	}
	id := store.NewID(now)
	if _, err := q.ExecContext(ctx, `INSERT INTO site_items (id, collection, language, translation_of, position, published, photo_id, data, version, created_at, updated_at)
		VALUES (?, ?, 'en', NULL, ?, ?, ?, ?, 0, ?, ?)`,
		id, collection, position, true, photoID, string(data), store.Millis(now), store.Millis(now)); err != nil {
		return fmt.Errorf("demo: insert %s item: %w", collection, err)
	}
	after := map[string]any{"photo": photo, "position": position, "published": true, "language": "en"}
	for k, v := range fields {
		after[k] = v
	}
	return store.WriteAudit(ctx, q, store.AuditEntry{Actor: actor, Action: "create", Entity: "site-" + collection, EntityID: id,
		Before: map[string]any{}, After: after}, now)
}
