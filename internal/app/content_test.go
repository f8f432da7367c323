package app

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"spdc/internal/config"
	"spdc/internal/entity"
	"spdc/internal/httpapi"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// publicSite is GET /api/site?lang= of a server over st.
func publicSite(t *testing.T, st *store.Store, lang string) string {
	t.Helper()
	cfg, err := config.Load("test", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.NewServer(httpapi.Deps{Store: st, Config: cfg})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/site?lang="+lang, nil))
	if rec.Code != 200 {
		t.Fatalf("GET /api/site: %d %s", rec.Code, rec.Body.String())
	}
	return rec.Body.String()
}

// fillSite gives st content of every kind: settings and their Hindi
// version, a member with a photo, a translation, an unpublished item and a
// video banner.
func fillSite(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	admin := store.Actor{ID: "a", Email: "admin@example.org"}
	media := func(kind, ext, ctype string) string {
		m := &store.Media{Kind: kind, Alt: "Hills", Width: 1600, Height: 900}
		for _, w := range []int{480, 960} {
			m.Files = append(m.Files, store.MediaFile{Name: store.NewID(st.Now()) + strings.Repeat("w", w/480) + "." + ext,
				Width: w, Height: w * 9 / 16, ContentType: ctype, Body: []byte{0, 1, 2}})
		}
		if err := store.InsertMedia(ctx, st.Writer(), m, admin, st.Now()); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	photo, video := media("image", "jpg", "image/jpeg"), media("video", "mp4", "video/mp4")
	settings, v, _ := st.SiteSettings(ctx)
	settings["email"], settings["bannerVideo"], settings["receiptPrefix"] = "care@spdc.org", video, "SPDC/"
	settings["bankAccounts"] = []map[string]any{{"accountName": "SPDC Trust", "bank": "A Bank", "branch": "", "accountNumber": "12", "accountType": "", "ifsc": "SBIN0001234"}}
	if _, err := st.PutSiteSettings(ctx, settings, v, admin); err != nil {
		t.Fatal(err)
	}
	hindi, errs := entity.CheckDoc(entity.SiteSettingsTranslated, rawOf(t, map[string]any{"orgName": "एसपीडीसी", "addressLines": []string{"मायापुर"}}), time.Now())
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if _, err := st.PutSiteSettingsTranslation(ctx, "hi", hindi, 0, admin); err != nil {
		t.Fatal(err)
	}
	add := func(it *store.SiteItem) {
		doc, errs := entity.CheckDoc(entity.SiteCollection(it.Collection).Fields, rawOf(t, it.Fields), time.Now())
		if len(errs) != 0 {
			t.Fatal(errs)
		}
		it.Fields = doc
		if err := st.AddSiteItem(ctx, it, admin); err != nil {
			t.Fatal(err)
		}
	}
	member := &store.SiteItem{Collection: "team", Language: "en", Published: true, Fields: map[string]any{"name": "Asha", "role": "Nurse", "photo": photo}}
	add(member)
	add(&store.SiteItem{Collection: "team", Language: "hi", TranslationOf: member.ID, Published: true, Fields: map[string]any{"name": "आशा", "role": "नर्स"}})
	add(&store.SiteItem{Collection: "events", Language: "en", Published: false, Fields: map[string]any{"title": "Draft"}})
}

func rawOf(t *testing.T, v map[string]any) map[string]json.RawMessage {
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

func TestContentExportImport(t *testing.T) {
	sources := storetest.Backends(t)
	targets := storetest.Backends(t)
	for i := range sources {
		t.Run(sources[i].Name, func(t *testing.T) {
			src, dst := storetest.OpenURL(t, sources[i].URL), storetest.OpenURL(t, targets[i].URL)
			fillSite(t, src)
			file := filepath.Join(t.TempDir(), "content.json")
			srcEnv := map[string]string{"SPDC_DATA_DIR": t.TempDir(), "DATABASE_URL": sources[i].URL}
			dstEnv := map[string]string{"SPDC_DATA_DIR": t.TempDir(), "DATABASE_URL": targets[i].URL}
			if code, out, errOut := runCmdStdin(t, srcEnv, "", "content", "export", file); code != 0 || !strings.Contains(out, "exported") {
				t.Fatalf("export: %d %q %q", code, out, errOut)
			}
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var exported map[string]any
			if err := json.Unmarshal(raw, &exported); err != nil || exported["format"] != "spdc-content" || exported["version"] != float64(1) {
				t.Fatalf("file: %v %v", err, exported["format"])
			}
			if _, ok := exported["settings"].(map[string]any)["__v"]; ok || exported["settings"].(map[string]any)["receiptPrefix"] != "SPDC/" {
				t.Fatal("the settings are not all exported, or carry __v")
			}
			if hi, _ := exported["settingsLanguages"].(map[string]any)["hi"].(map[string]any); hi["orgName"] != "एसपीडीसी" {
				t.Fatalf("the Hindi settings are not exported: %v", exported["settingsLanguages"])
			}
			if m := exported["media"].([]any); len(m) != 2 || m[0].(map[string]any)["files"].([]any)[0].(map[string]any)["body"] != "AAEC" {
				t.Fatalf("media %v", m)
			}

			// A bad file is refused with the problems named, and nothing changes.
			before := publicSite(t, dst, "en")
			bad := strings.Replace(string(raw), `"SBIN0001234"`, `"SBIN1234"`, 1)
			bad = strings.Replace(bad, `"name": "Asha"`, `"name": ""`, 1)
			badFile := filepath.Join(t.TempDir(), "bad.json")
			if err := os.WriteFile(badFile, []byte(bad), 0o600); err != nil {
				t.Fatal(err)
			}
			// The member and its translation share a millisecond, so either may be first.
			code, _, errOut := runCmdStdin(t, dstEnv, "", "content", "import", badFile)
			if code != 1 || !strings.Contains(errOut, "settings.bankAccounts.0.ifsc: An IFSC code") || !regexp.MustCompile(`collections\.team\.[01]\.name:`).MatchString(errOut) ||
				!strings.Contains(errOut, "nothing changed") {
				t.Fatalf("bad import: %d %q", code, errOut)
			}
			if publicSite(t, dst, "en") != before {
				t.Fatal("a refused import changed the site")
			}
			for _, broken := range []string{`{"format": "other", "version": 1}`, `not json`, strings.Replace(string(raw), `"media": [`, `"extra": 1, "media": [`, 1)} {
				if err := os.WriteFile(badFile, []byte(broken), 0o600); err != nil {
					t.Fatal(err)
				}
				if code, _, errOut := runCmdStdin(t, dstEnv, "", "content", "import", badFile); code != 1 || !strings.Contains(errOut, "spdc-content") {
					t.Fatalf("broken file: %d %q", code, errOut)
				}
			}

			// The seeded 26 (pages, features, steps, FAQ), each in English, Hindi and Bengali, and the 3 added.
			if code, out, errOut := runCmdStdin(t, dstEnv, "", "content", "import", file); code != 0 || !strings.Contains(out, "81 item(s) and 2 media") {
				t.Fatalf("import: %d %q %q", code, out, errOut)
			}
			for _, lang := range []string{"en", "hi"} {
				if got, want := publicSite(t, dst, lang), publicSite(t, src, lang); got != want {
					t.Fatalf("GET /api/site?lang=%s differs after the import:\n%s\n%s", lang, got, want)
				}
			}
			events, _ := dst.SiteItems(context.Background(), "events", "en")
			if len(events) != 1 || events[0].Published {
				t.Fatalf("unpublished items travel too: %v", events)
			}
			settings, _, _ := dst.SiteSettings(context.Background())
			if settings["receiptPrefix"] != "SPDC/" {
				t.Fatal("internal settings were not imported")
			}
			// The imported Hindi settings can be edited (their version is the one read).
			tr, err := dst.SiteSettingsTranslation(context.Background(), "hi")
			if err != nil || tr.Fields["orgName"] != "एसपीडीसी" {
				t.Fatalf("Hindi settings after the import: %v %v", tr, err)
			}
			tr.Fields["tagline"] = "सेवा"
			if _, err := dst.PutSiteSettingsTranslation(context.Background(), "hi", tr.Fields, tr.Version, store.Actor{Email: "admin@example.org"}); err != nil {
				t.Fatalf("edit after the import: %v", err)
			}
		})
	}
}
