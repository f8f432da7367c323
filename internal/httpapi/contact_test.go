package httpapi

import (
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validContact() map[string]any {
	return map[string]any{"name": "Radha", "email": "radha@example.org", "subject": "Visiting", "phone": "+44 20 7946 0958",
		"message": "When can I visit?", "acceptTerms": true, "website": ""}
}

func TestContact(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		cases := []formsCase{
			{"valid", nil, 201, ""},
			{"missing name", set("name", ""), 400, "name"},
			{"missing email", set("email", ""), 400, "email"},
			{"missing subject", set("subject", ""), 400, "subject"},
			{"missing phone", set("phone", ""), 400, "phone"},
			{"missing message", set("message", ""), 400, "message"},
			{"terms not accepted", set("acceptTerms", false), 400, "acceptTerms"},
			{"honeypot filled", set("website", "http://spam.example"), 400, ""},
		}
		cases = append(cases, hostileCases("message", 4000)...)
		cases = append(cases, hostileCases("subject", 200)...)
		// Spread the cases over addresses so the per-address limit does not
		// interfere.
		for i, c := range cases {
			e.ip = "198.51.100." + string(rune('1'+i%9))
			runFormCases(t, e, "/api/contact", "messages", validContact, []formsCase{c})
		}
		r := e.call("POST", "/api/contact", validContact(), "")
		if got := e.mails("radha@example.org"); len(got) == 0 {
			t.Fatalf("no acknowledgement: %s", r.Raw)
		}
		var errs map[string]any
		// Each missing field gets its own prompt.
		r = e.call("POST", "/api/contact", map[string]any{}, "")
		errs = r.fieldErrors()
		if errs["name"] != "Please enter your name" || errs["email"] != "Please enter your email" {
			t.Fatalf("prompts: %v", errs)
		}

		// Per-address limit: five an hour, then a calm 429 with Retry-After;
		// another address is unaffected; an hour later it works again.
		e.ip = "203.0.113.7"
		for i := 0; i < contactLimit; i++ {
			if r := e.call("POST", "/api/contact", validContact(), ""); r.Status != 201 {
				t.Fatalf("message %d: %d %s", i, r.Status, r.Raw)
			}
		}
		before := e.count("messages")
		r = e.call("POST", "/api/contact", validContact(), "")
		if r.Status != 429 || r.Header.Get("Retry-After") == "" || e.count("messages") != before {
			t.Fatalf("over the limit: %d %v %s", r.Status, r.Header, r.Raw)
		}
		e.ip = "203.0.113.8"
		if r := e.call("POST", "/api/contact", validContact(), ""); r.Status != 201 {
			t.Fatalf("other address: %d", r.Status)
		}
		e.ip = "203.0.113.7"
		e.clock = e.clock.Add(contactWindow + time.Minute)
		if r := e.call("POST", "/api/contact", validContact(), ""); r.Status != 201 {
			t.Fatalf("after the window: %d %s", r.Status, r.Raw)
		}
	})
}
