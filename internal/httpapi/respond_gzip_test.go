package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestJSONAnswersCompressed checks that a large JSON answer (the
// dashboard's tabs) is sent gzip-compressed to a client that accepts gzip,
// reads back as the same JSON, and is sent as it is to one that does not;
// a small answer is never compressed.
func TestJSONAnswersCompressed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withAdminWorld(), withoutMail())
		auth := "Bearer " + e.adminTok

		plain := do(e.h, "GET", "/api/admin/tabs", nil, map[string]string{"Authorization": auth})
		if plain.Code != http.StatusOK || plain.Header().Get("Content-Encoding") != "" {
			t.Fatalf("tabs without gzip: %d, Content-Encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
		}
		if plain.Body.Len() < jsonGzipAbove {
			t.Fatalf("tabs are %d bytes: too small to show compression", plain.Body.Len())
		}

		for _, accept := range []string{"gzip", "br, gzip, deflate", "gzip;q=1.0, identity"} {
			rec := do(e.h, "GET", "/api/admin/tabs", nil, map[string]string{"Authorization": auth, "Accept-Encoding": accept})
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q", accept, rec.Code, rec.Header().Get("Content-Encoding"))
			}
			if got := rec.Header().Values("Vary"); !slices.Contains(got, "Accept-Encoding") {
				t.Fatalf("Accept-Encoding %q: Vary %q", accept, got)
			}
			if rec.Body.Len()*3 > plain.Body.Len() {
				t.Fatalf("Accept-Encoding %q: %d bytes compressed, %d plain", accept, rec.Body.Len(), plain.Body.Len())
			}
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(body, plain.Body.Bytes()) {
				t.Fatalf("Accept-Encoding %q: the compressed answer reads back differently", accept)
			}
			var tabs []adminTabJSON
			if err := json.Unmarshal(body, &tabs); err != nil || len(tabs) == 0 {
				t.Fatalf("Accept-Encoding %q: %d tabs, %v", accept, len(tabs), err)
			}
		}

		refused := do(e.h, "GET", "/api/admin/tabs", nil, map[string]string{"Authorization": auth, "Accept-Encoding": "gzip;q=0"})
		if refused.Header().Get("Content-Encoding") != "" {
			t.Fatalf("gzip;q=0: Content-Encoding %q", refused.Header().Get("Content-Encoding"))
		}

		small := do(e.h, "GET", "/api/users/me", nil, map[string]string{"Authorization": auth, "Accept-Encoding": "gzip"})
		if small.Code != http.StatusOK || small.Header().Get("Content-Encoding") != "" || !json.Valid(small.Body.Bytes()) {
			t.Fatalf("users/me: %d, Content-Encoding %q, %q", small.Code, small.Header().Get("Content-Encoding"), small.Body.String())
		}
	})
}
