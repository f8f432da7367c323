package httpapi

import (
	"context"
	"net/http"
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestSubscribe(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, testSiteOptions()...)
		// Every answer carries a message; the accepted ones are kept to
		// compare.
		answers := map[string]bool{}
		post := func(name, body string, status int, fields ...string) scenario {
			return scenario{name: name, method: http.MethodPost, path: "/api/subscribers", body: body, status: status, errorFields: fields,
				after: func(t *testing.T, r resp) {
					if r.Status == http.StatusOK {
						answers[r.Raw] = true
					}
					if r.message() == "" {
						t.Errorf("body %q", r.Raw)
					}
				}}
		}
		runScenarios(t, e, []scenario{
			// New or known, the answer is the same: it tells nobody who
			// is subscribed.
			post("new address", `{"email":"  Elder.Friend@Example.org "}`, http.StatusOK),
			post("same address again is fine", `{"email":"elder.friend@example.org"}`, http.StatusOK),
			post("same address other case", `{"email":"ELDER.FRIEND@EXAMPLE.ORG"}`, http.StatusOK),
			post("second address", `{"email":"helper@example.org"}`, http.StatusOK),
			post("empty", `{"email":""}`, http.StatusBadRequest, "email"),
			post("not an address", `{"email":"not-an-email"}`, http.StatusBadRequest, "email"),
			post("display name refused", `{"email":"Friend <f@example.org>"}`, http.StatusBadRequest, "email"),
			post("no dot in domain", `{"email":"f@localhost"}`, http.StatusBadRequest, "email"),
			post("unknown field", `{"email":"a@example.org","x":1}`, http.StatusBadRequest, "x"),
			post("not JSON", `email=a@example.org`, http.StatusBadRequest),
		})
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
