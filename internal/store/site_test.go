package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var siteAdmin = store.Actor{ID: "a1", Email: "admin@example.org"}

// addMedia inserts a picture (or video) with one file, as an upload
// leaves it, and returns its id.
func addMedia(t *testing.T, s *store.Store, kind string) string {
	t.Helper()
	ctx := context.Background()
	now := s.Now()
	id := store.NewID(now)
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO media (id, kind, alt, width, height, version, created_at, updated_at)
		VALUES (?, ?, 'A sunrise', 960, 540, 0, ?, ?)`, id, kind, store.Millis(now), store.Millis(now)); err != nil {
		t.Fatal(err)
	}
	ext, ctype := "jpg", "image/jpeg"
	if kind == "video" {
		ext, ctype = "mp4", "video/mp4"
	}
	if _, err := s.Writer().ExecContext(ctx, `INSERT INTO media_files (name, media_id, width, height, content_type, size, body)
		VALUES (?, ?, 960, 540, ?, 4, ?)`, id+"."+ext, id, ctype, []byte("data")); err != nil {
		t.Fatal(err)
	}
	return id
}

func clean(t *testing.T, e *entity.Entity, v map[string]any) map[string]any {
	t.Helper()
	doc, errs := entity.CheckDoc(e.Fields, rawJSON(t, v), time.Now())
	if len(errs) != 0 {
		t.Fatalf("%s: %v", e.Name, errs)
	}
	return doc
}

func auditCount(t *testing.T, s *store.Store, entityName string) int {
	t.Helper()
	var n int
	if err := s.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE entity = ?`, entityName).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSiteSeededOnceWithTheProgramsOwnProse(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		settings, v, err := s.SiteSettings(ctx)
		if err != nil || settings["orgName"] != "SPDC" || settings["tagline"] == "" || v != 0 {
			t.Fatalf("settings %v v%d %v", settings, v, err)
		}
		for _, k := range []string{"email", "upiId", "trustPan"} {
			if settings[k] != "" {
				t.Errorf("a fresh install has %s %q", k, settings[k])
			}
		}
		if p, _ := settings["phones"].([]map[string]any); len(p) != 0 {
			t.Errorf("a fresh install has phones %v", p)
		}
		want := map[string]int{"pages": 6, "features": 8, "steps": 6, "faq": 6, "team": 0, "donors": 0, "gallery": 0}
		for name, n := range want {
			items, err := s.SiteItems(ctx, name, "en")
			if err != nil || len(items) != n {
				t.Fatalf("%s: %d items, want %d (%v)", name, len(items), n, err)
			}
			for i, it := range items {
				if !it.Published || it.Position != i {
					t.Errorf("%s %d: published %v position %d", name, i, it.Published, it.Position)
				}
			}
		}
		steps, _ := s.SiteItems(ctx, "steps", "en")
		if steps[0].Fields["title"] != "Needs assessment" || !strings.Contains(steps[0].Fields["details"].(string), "questionnaire") {
			t.Errorf("first step %v", steps[0].Fields)
		}
		pages, _ := s.SiteItems(ctx, "pages", "en")
		for _, p := range pages {
			if p.Fields["slug"] == "privacy" && !strings.Contains(p.Fields["body"].(string), "\n## Information we collect\n\n- Account details") {
				t.Errorf("privacy is not Markdown: %q", p.Fields["body"])
			}
		}
		// Every seeded record is valid by its definition.
		for _, e := range entity.SiteCollections {
			items, _ := s.SiteItems(ctx, e.Name, "en")
			for _, it := range items {
				if _, errs := entity.CheckDoc(e.Fields, rawJSON(t, it.Fields), time.Now()); len(errs) != 0 {
					t.Errorf("seeded %s invalid: %v", e.Name, errs)
				}
			}
		}
		if n := auditCount(t, s, "site-pages"); n != 0 {
			t.Errorf("seeding wrote %d audit rows", n)
		}
		// A second start seeds nothing more, even after the admin emptied a list.
		for _, it := range steps {
			if err := s.DeleteSiteItem(ctx, "steps", it.ID, siteAdmin); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if items, _ := s.SiteItems(ctx, "steps", "en"); len(items) != 0 {
			t.Fatalf("seeded again: %d steps", len(items))
		}
		if items, _ := s.SiteItems(ctx, "faq", "en"); len(items) != 6 {
			t.Fatalf("faq doubled: %d", len(items))
		}
	})
}

func TestSiteSettingsVersionAndAudit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		doc, v, _ := s.SiteSettings(ctx)
		doc["email"] = "care@spdc.org"
		rev, _ := s.SiteRevision(ctx)
		nv, err := s.PutSiteSettings(ctx, doc, v, siteAdmin)
		if err != nil || nv != v+1 {
			t.Fatalf("put: %d %v", nv, err)
		}
		if rev2, _ := s.SiteRevision(ctx); rev2 == rev {
			t.Error("the revision did not change")
		}
		doc["email"] = "other@spdc.org"
		if _, err := s.PutSiteSettings(ctx, doc, v, siteAdmin); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		got, _, _ := s.SiteSettings(ctx)
		if got["email"] != "care@spdc.org" {
			t.Fatalf("stale write changed the settings: %v", got["email"])
		}
		doc["bannerPoster"] = store.NewID(s.Now())
		var inv *store.InvalidError
		if _, err := s.PutSiteSettings(ctx, doc, nv, siteAdmin); !errors.As(err, &inv) || inv.Fields["bannerPoster"].IsZero() {
			t.Fatalf("missing picture: %v", err)
		}
		doc["bannerPoster"] = addMedia(t, s, "video")
		if _, err := s.PutSiteSettings(ctx, doc, nv, siteAdmin); !errors.As(err, &inv) || inv.Fields["bannerPoster"].IsZero() {
			t.Fatalf("a video as the poster: %v", err)
		}
		doc["bannerPoster"] = addMedia(t, s, "image")
		if _, err := s.PutSiteSettings(ctx, doc, nv, siteAdmin); err != nil {
			t.Fatal(err)
		}
		if n := auditCount(t, s, "site-settings"); n != 2 {
			t.Fatalf("audit rows %d", n)
		}
		var before, after string
		_ = s.Reader().QueryRowContext(ctx, `SELECT before_json, after_json FROM audit_log WHERE entity = 'site-settings' ORDER BY created_at, id LIMIT 1`).Scan(&before, &after)
		if before != `{"email":""}` || after != `{"email":"care@spdc.org"}` {
			t.Errorf("audit %s → %s", before, after)
		}
	})
}

func TestSiteItemsLifecycle(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		photo := addMedia(t, s, "image")
		a := &store.SiteItem{Collection: "team", Language: "en", Published: true,
			Fields: clean(t, entity.SiteTeam, map[string]any{"name": "Asha", "role": "Coordinator", "photo": photo})}
		b := &store.SiteItem{Collection: "team", Language: "en", Published: false,
			Fields: clean(t, entity.SiteTeam, map[string]any{"name": "Bala", "role": "Nurse"})}
		for _, it := range []*store.SiteItem{a, b} {
			if err := s.AddSiteItem(ctx, it, siteAdmin); err != nil {
				t.Fatal(err)
			}
		}
		if a.Position != 0 || b.Position != 1 {
			t.Fatalf("positions %d %d", a.Position, b.Position)
		}
		photoCol := func(id string) string {
			var p *string
			_ = s.Reader().QueryRowContext(ctx, `SELECT photo_id FROM site_items WHERE id = ?`, id).Scan(&p)
			if p == nil {
				return ""
			}
			return *p
		}
		if photoCol(a.ID) != photo || photoCol(b.ID) != "" {
			t.Fatalf("photo_id %q %q", photoCol(a.ID), photoCol(b.ID))
		}

		// The public site lists the published items only, the photo expanded.
		site, err := s.PublicSite(ctx, "en")
		if err != nil {
			t.Fatal(err)
		}
		team := site.Collections["team"]
		if len(team) != 1 || team[0]["name"] != "Asha" {
			t.Fatalf("public team %v", team)
		}
		if ref, ok := team[0]["photo"].(store.MediaRef); !ok || ref.Src != "/uploads/"+photo+".jpg" {
			t.Fatalf("photo %#v", team[0]["photo"])
		}
		if _, ok := site.Settings["urn"]; ok {
			t.Error("the registration number is public")
		}
		if _, ok := site.Settings["receiptPrefix"]; ok {
			t.Error("the receipt prefix is public")
		}

		// An edit with the version seen; a stale one changes nothing.
		a.Fields["photo"] = ""
		if err := s.UpdateSiteItem(ctx, a, siteAdmin); err != nil || a.Version != 1 {
			t.Fatalf("update: %v v%d", err, a.Version)
		}
		if photoCol(a.ID) != "" {
			t.Fatal("photo_id kept after the photo was removed")
		}
		stale := *a
		stale.Version = 0
		stale.Fields = map[string]any{"name": "Stale", "role": "x", "bio": "", "photo": ""}
		if err := s.UpdateSiteItem(ctx, &stale, siteAdmin); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("stale: %v", err)
		}
		a.Fields["photo"] = store.NewID(s.Now())
		var inv *store.InvalidError
		if err := s.UpdateSiteItem(ctx, a, siteAdmin); !errors.As(err, &inv) || inv.Fields["photo"].IsZero() {
			t.Fatalf("missing photo: %v", err)
		}
		if got, _ := s.SiteItem(ctx, "team", a.ID); got.Fields["name"] != "Asha" || got.Version != 1 || got.Fields["photo"] != "" {
			t.Fatalf("refused edits changed the item: %v", got)
		}

		// Order: every item once, or nothing changes.
		if err := s.OrderSiteItems(ctx, "team", "en", []string{b.ID}, siteAdmin); !errors.As(err, &inv) {
			t.Fatalf("partial order: %v", err)
		}
		if err := s.OrderSiteItems(ctx, "team", "en", []string{b.ID, a.ID}, siteAdmin); err != nil {
			t.Fatal(err)
		}
		items, _ := s.SiteItems(ctx, "team", "en")
		if items[0].ID != b.ID || items[1].ID != a.ID || items[0].Position != 0 {
			t.Fatalf("order %v", items)
		}

		// A translation replaces its English item in its language only.
		hi := &store.SiteItem{Collection: "team", Language: "hi", TranslationOf: a.ID, Published: true,
			Fields: clean(t, entity.SiteTeam, map[string]any{"name": "आशा", "role": "समन्वयक"})}
		if err := s.AddSiteItem(ctx, hi, siteAdmin); err != nil {
			t.Fatal(err)
		}
		b.Published = true
		b.Version = 0
		if err := s.UpdateSiteItem(ctx, b, siteAdmin); err != nil {
			t.Fatal(err)
		}
		site, _ = s.PublicSite(ctx, "hi")
		if got := site.Collections["team"]; len(got) != 2 || got[0]["name"] != "Bala" || got[1]["name"] != "आशा" {
			t.Fatalf("hindi team %v", got)
		}
		if got := site.Collections["faq"]; len(got) != 6 {
			t.Fatalf("hindi falls back to the English FAQ: %d", len(got))
		}
		bad := &store.SiteItem{Collection: "team", Language: "hi", TranslationOf: hi.ID, Published: true, Fields: hi.Fields}
		if err := s.AddSiteItem(ctx, bad, siteAdmin); !errors.As(err, &inv) || inv.Fields["translationOf"].IsZero() {
			t.Fatalf("a translation of a translation: %v", err)
		}

		// Deleting the English item deletes its translation too.
		if err := s.DeleteSiteItem(ctx, "team", a.ID, siteAdmin); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SiteItem(ctx, "team", hi.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("translation left: %v", err)
		}
		if err := s.DeleteSiteItem(ctx, "team", a.ID, siteAdmin); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		// create a, b, hi, bad refused; update a, b; order; delete a and hi.
		if n := auditCount(t, s, "site-team"); n != 8 {
			t.Fatalf("audit rows %d", n)
		}
	})
}

func TestSitePageSlugOncePerLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		page := func(lang string) *store.SiteItem {
			return &store.SiteItem{Collection: "pages", Language: lang, Published: true,
				Fields: clean(t, entity.SitePages, map[string]any{"slug": "about", "title": "About", "body": "Text"})}
		}
		var inv *store.InvalidError
		if err := s.AddSiteItem(ctx, page("en"), siteAdmin); !errors.As(err, &inv) || inv.Fields["slug"].IsZero() {
			t.Fatalf("second English about page: %v", err)
		}
		// A fresh install has its about page in Hindi too; a language
		// without one takes it.
		if err := s.AddSiteItem(ctx, page("hi"), siteAdmin); !errors.As(err, &inv) || inv.Fields["slug"].IsZero() {
			t.Fatalf("second Hindi about page: %v", err)
		}
		if err := s.AddSiteItem(ctx, page("ta"), siteAdmin); err != nil {
			t.Fatalf("Tamil about page: %v", err)
		}
	})
}

// rawJSON is v as the raw members of a JSON object, as a request body
// arrives.
func rawJSON(t *testing.T, v map[string]any) map[string]json.RawMessage {
	t.Helper()
	out := map[string]json.RawMessage{}
	for k, x := range v {
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = b
	}
	return out
}
