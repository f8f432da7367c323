package httpapi

import (
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// Without SMTP_URL the public site says mail is written to files (so the
// forms' confirmations do not say an email went out), and the setup
// checklist lists the mail server and the public address as to do; with
// both set, neither.
func TestGoLiveHonesty(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@example.org", true)
		if pub := e.call("GET", "/api/site", nil, ""); pub.Status != 200 || pub.Body["mailToFile"] != true {
			t.Fatalf("site without SMTP: %d %v", pub.Status, pub.Body["mailToFile"])
		}
		checklist := func(e *env) map[string]bool {
			done := map[string]bool{}
			for _, c := range e.call("GET", "/api/admin/site", nil, admin).Body["checklist"].([]any) {
				m := c.(map[string]any)
				done[m["key"].(string)] = m["done"].(bool)
			}
			return done
		}
		if done := checklist(e); done["smtp"] || done["publicURL"] {
			t.Fatalf("checklist %v", done)
		}
		if _, ok := checklist(e)["smtp"]; !ok {
			t.Fatal("no smtp line in the checklist")
		}

		// The same database behind a server with both set.
		e = newEnv(t, st, withoutMail(), withEnvVars(map[string]string{"SMTP_URL": "smtp://u:p@mail.example.org:587", "SPDC_PUBLIC_URL": "https://care.example.org"}))
		if pub := e.call("GET", "/api/site", nil, ""); pub.Status != 200 || pub.Body["mailToFile"] != nil {
			t.Fatalf("site with SMTP: %d %v", pub.Status, pub.Body["mailToFile"])
		}
		if done := checklist(e); !done["smtp"] || !done["publicURL"] {
			t.Fatalf("checklist %v", done)
		}
	})
}
