package demo

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spdc/internal/media"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestLoad loads the demo into an empty database: every picture is stored
// through the upload's processing, every item is marked as a demo and
// points at a stored picture, and a second load adds nothing. The demo
// only ever goes into a SQLite database (the demo command refuses any
// other), so it is loaded into SQLite alone: drawing and processing its
// pictures is most of this package's test time.
func TestLoad(t *testing.T) {
	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	ctx := t.Context()
	sum, err := Load(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	if sum.AlreadyLoaded || sum.Media != len(pictures) || sum.Items["team"] != 2 || sum.Items["testimonials"] != 2 || sum.Items["gallery"] != 2 {
		t.Fatalf("summary: %+v", sum)
	}
	list, err := st.ListMedia(ctx)
	if err != nil || len(list) != len(pictures) {
		t.Fatalf("media: %d %v", len(list), err)
	}
	for _, m := range list {
		if m.Kind != "image" || !strings.Contains(m.Alt, "demo picture") || strings.Count(m.Srcset, "w") < 3 || m.Type != "image/jpeg" {
			t.Errorf("media %+v", m.MediaRef)
		}
	}
	// A fresh install has the program's own prose (pages, features,
	// steps, FAQ) and nothing in the collections of people, stories,
	// causes and pictures: those hold only the demo's items.
	rows, err := st.Reader().QueryContext(ctx, `SELECT collection, position, COALESCE(photo_id, ''), data FROM site_items
		WHERE collection IN ('team', 'donors', 'volunteers', 'testimonials', 'gallery', 'stories', 'causes') AND language = 'en' ORDER BY collection, position`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var collection, photo, data string
		var pos int
		if err := rows.Scan(&collection, &pos, &photo, &data); err != nil {
			t.Fatal(err)
		}
		n++
		var fields map[string]any
		if err := json.Unmarshal([]byte(data), &fields); err != nil {
			t.Fatal(err)
		}
		label, _ := fields["name"].(string)
		if label == "" {
			label, _ = fields["title"].(string)
		}
		if label == "" {
			label, _ = fields["alt"].(string)
		}
		if !strings.Contains(strings.ToLower(label), "demo") {
			t.Errorf("%s item not marked as a demo: %s", collection, data)
		}
		if got, _ := fields["photo"].(string); got != photo {
			t.Errorf("%s item's photo %q, column %q", collection, got, photo)
		}
		if photo != "" {
			refs, err := st.MediaRefs(ctx, []string{photo})
			if err != nil || refs[photo].Src == "" {
				t.Errorf("%s item's photo %q: %v", collection, photo, err)
			}
		}
	}
	if n != len(items) {
		t.Fatalf("%d items", n)
	}
	// Each demo item reads in Hindi and Bengali too, still marked as an example.
	for lang, marker := range markers {
		var translated int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items WHERE language = ? AND translation_of IS NOT NULL
			AND collection IN ('team', 'donors', 'volunteers', 'testimonials', 'gallery', 'stories', 'causes')`, lang).Scan(&translated); err != nil || translated != len(items) {
			t.Fatalf("%s: %d translated demo items of %d (%v)", lang, translated, len(items), err)
		}
		site, err := st.PublicSite(ctx, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range site.Collections["team"] {
			if name, _ := it["name"].(string); !strings.HasSuffix(name, marker) || it["language"] != lang {
				t.Errorf("%s team member %v", lang, it)
			}
		}
	}
	// A picture in use by the demo cannot be deleted.
	var inUse *store.MediaInUseError
	if err := st.DeleteMedia(ctx, list[len(list)-1].ID, actor); err == nil || !strings.Contains(err.Error(), "Team — Demo Sevika Asha — example only") {
		t.Fatalf("delete a demo portrait: %v %v", err, inUse)
	}

	var count int
	_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items`).Scan(&count)
	again, err := Load(ctx, st)
	if err != nil || !again.AlreadyLoaded {
		t.Fatalf("second load: %+v %v", again, err)
	}
	var after int
	_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items`).Scan(&after)
	if after != count {
		t.Fatalf("second load added items: %d to %d", count, after)
	}
}

// TestDrawings draws every demo picture at its size; with DEMO_PICTURES_DIR
// set it also writes them there as PNG files, to look at.
func TestDrawings(t *testing.T) {
	dir := os.Getenv("DEMO_PICTURES_DIR")
	for _, p := range pictures {
		img := p.draw()
		if b := img.Bounds(); b.Dx() < 1200 || b.Dy() < 1200 {
			t.Errorf("%s is %v: smaller than twice its shown size", p.key, b)
		}
		if dir != "" {
			f, err := os.Create(filepath.Join(dir, p.key+".png"))
			if err != nil {
				t.Fatal(err)
			}
			_ = png.Encode(f, img)
			f.Close()
		}
	}
}

// TestLoadFindsAnEarlierDemo: a demo loaded by an earlier version, whose
// first picture was drawn with other pixels, is found by that picture's
// description, and nothing is loaded again.
func TestLoadFindsAnEarlierDemo(t *testing.T) {
	st := storetest.OpenURL(t, "sqlite://"+filepath.Join(t.TempDir(), "spdc.db"))
	ctx := t.Context()
	var buf bytes.Buffer
	if err := png.Encode(&buf, newCanvas(64, 64, rgb(0x336699)).img); err != nil {
		t.Fatal(err)
	}
	res, err := media.Image(ctx, buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Media{Kind: res.Kind, Alt: pictures[0].alt, Width: res.Width, Height: res.Height}
	for _, f := range res.Files {
		m.Files = append(m.Files, store.MediaFile{Name: f.Name, Width: f.Width, Height: f.Height, ContentType: f.ContentType, Body: f.Body})
	}
	if err := st.InTx(ctx, func(tx *store.Tx) error { return store.InsertMedia(ctx, tx, m, actor, st.Now()) }); err != nil {
		t.Fatal(err)
	}
	var before int
	_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items`).Scan(&before)
	sum, err := Load(ctx, st)
	if err != nil || !sum.AlreadyLoaded {
		t.Fatalf("load over an earlier demo: %+v %v", sum, err)
	}
	list, err := st.ListMedia(ctx)
	var after int
	_ = st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM site_items`).Scan(&after)
	if err != nil || len(list) != 1 || after != before {
		t.Fatalf("loaded again: %d pictures, items %d to %d (%v)", len(list), before, after, err)
	}
}
