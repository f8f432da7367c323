package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestSubscribe(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		_, h := newTestServer(t, st)
		jsonHdr := map[string]string{"Content-Type": "application/json"}
		cases := []struct {
			name, body string
			status     int
			field      string // expected key in errors
		}{
			// New or known, the answer is the same: it tells nobody who
			// is subscribed.
			{"new address", `{"email":"  Elder.Friend@Example.org "}`, http.StatusOK, ""},
			{"same address again is fine", `{"email":"elder.friend@example.org"}`, http.StatusOK, ""},
			{"same address other case", `{"email":"ELDER.FRIEND@EXAMPLE.ORG"}`, http.StatusOK, ""},
			{"second address", `{"email":"helper@example.org"}`, http.StatusOK, ""},
			{"empty", `{"email":""}`, http.StatusBadRequest, "email"},
			{"not an address", `{"email":"not-an-email"}`, http.StatusBadRequest, "email"},
			{"display name refused", `{"email":"Friend <f@example.org>"}`, http.StatusBadRequest, "email"},
			{"no dot in domain", `{"email":"f@localhost"}`, http.StatusBadRequest, "email"},
			{"unknown field", `{"email":"a@example.org","x":1}`, http.StatusBadRequest, "x"},
			{"not JSON", `email=a@example.org`, http.StatusBadRequest, ""},
		}
		answers := map[string]bool{}
		for _, c := range cases {
			rec := do(h, http.MethodPost, "/api/subscribers", strings.NewReader(c.body), jsonHdr)
			if rec.Code == http.StatusOK {
				answers[rec.Body.String()] = true
			}
			if rec.Code != c.status {
				t.Errorf("%s: status %d, want %d (%s)", c.name, rec.Code, c.status, rec.Body.String())
				continue
			}
			var body struct {
				Message string            `json:"message"`
				Errors  map[string]string `json:"errors"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Message == "" {
				t.Errorf("%s: body %q", c.name, rec.Body.String())
			}
			if c.field != "" && body.Errors[c.field] == "" {
				t.Errorf("%s: want an error for %q, got %v", c.name, c.field, body.Errors)
			}
		}
		if len(answers) != 1 {
			t.Errorf("new and known addresses got different answers: %v", answers)
		}
		subs, err := st.Subscribers(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		// Both may share a millisecond, so compare as a set, not in order.
		got := map[string]bool{}
		for _, sub := range subs {
			got[sub.Email] = true
		}
		if len(subs) != 2 || !got["elder.friend@example.org"] || !got["helper@example.org"] {
			t.Fatalf("stored %+v, want the two distinct addresses, lower case", subs)
		}
	})
}
