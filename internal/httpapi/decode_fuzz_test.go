package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"spdc/internal/entity"
	"spdc/internal/store"
)

// Fuzz targets of the HTTP layer. Their seeds run in every `go test`;
// `make fuzz` (scripts/fuzz.sh) runs each for a set time.

// fuzzInputKinds decodes data into one request type (by kind) and runs
// that type's validator, as its handler does.
var fuzzInputKinds = []func(r *http.Request) error{
	func(r *http.Request) error {
		in, err := readForm(r)
		if err != nil {
			return err
		}
		v, err := checkRecord[store.Volunteer](entity.Volunteers, in, time.Now())
		if err == nil {
			fuzzCheckStored(v.FullName, v.Email, v.Mobile, v.Address, v.Country, v.NearestCenter, v.Experience, v.Motivation, v.Skills, v.OtherInterest)
		}
		return err
	},
	func(r *http.Request) error {
		in, err := readForm(r)
		if err != nil {
			return err
		}
		h, err := checkRecord[store.Host](entity.Hosts, in, time.Now())
		if err == nil {
			fuzzCheckStored(h.FullName, h.InitiatedName, h.ContactNumber, h.Email, h.Address, h.Country, h.NearestCenter, h.WhyHost, h.AccommodationOther, h.FacilityOther)
		}
		return err
	},
	func(r *http.Request) error {
		in, err := readForm(r)
		if err != nil {
			return err
		}
		m, err := checkRecord[store.ContactMessage](entity.Messages, in, time.Now())
		if err == nil {
			fuzzCheckStored(m.Name, m.Email, m.Subject, m.Phone, m.Message)
			if strings.ContainsAny(m.Subject, "\r\n") {
				panic("a contact subject kept a line break")
			}
		}
		return err
	},
	func(r *http.Request) error {
		in, err := readForm(r)
		if err != nil {
			return err
		}
		d, err := checkDisciple(in, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), nil)
		if err == nil {
			fuzzCheckStored(d.FullName, d.Address, d.ContactNumber, d.DiscipleEmail, d.TemplePresidentEmail, d.InitiationName, d.DateOfBirth, d.InitiationDate)
			if d.TemplePresidentEmail == "" {
				panic("a disciple registration passed without a temple president")
			}
		}
		return err
	},
	func(r *http.Request) error {
		var in approveInput
		if err := decodeJSON(r, &in, false); err != nil {
			return err
		}
		a, err := checkApproval(in, nil, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		if err == nil {
			fuzzCheckStored(a.ReferrerName, a.ReferrerPosition, a.ReferrerContact, a.ReferrerEmail, a.ReferrerSignature, a.ApplicantSignature)
		}
		return err
	},
	func(r *http.Request) error { var in declineInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in registerInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in loginInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in updateMeInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in changePasswordInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in forgotInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in resetInput; return decodeJSON(r, &in, false) },
	func(r *http.Request) error { var in subscribeInput; return decodeJSON(r, &in, true) },
}

// fuzzCheckStored panics when a validated value could not be stored as
// the contract says: valid UTF-8, no NUL or other C0 control characters
// except newlines and tabs, no bidi overrides.
func fuzzCheckStored(values ...string) {
	for _, v := range values {
		if !utf8.ValidString(v) {
			panic("validated value is not UTF-8: " + v)
		}
		if hasBadRune(v, true) {
			panic("validated value holds a control character: " + v)
		}
		if utf8.RuneCountInString(v) > 4000 {
			panic("validated value is longer than any field allows")
		}
	}
}

// FuzzDecodeRequests feeds arbitrary bodies to every request decoder and
// validator: they never panic, and their errors are the 400/413/415 of the
// contract.
func FuzzDecodeRequests(f *testing.F) {
	seeds := []string{
		``, `{`, `null`, `[]`, `"x"`, `{}{}`, `{"fullName":123}`, `{"fullName":["a"]}`, `{"fullName":null}`,
		`{"fullName":"A","email":"a@example.org","experience":"e","motivation":"m","skills":"s","consent":true}`,
		`{"fullName":"A","email":"a@example.org","whyHost":"w","consentTerms":true,"consentContact":true,"accommodationTypes":["Others (please Specify)"],"accommodationOther":"x"}`,
		`{"name":"A","email":"a@example.org","phone":"+919876543210","message":"m","acceptTerms":true,"subject":"s\r\nBcc: x@y.z"}`,
		`{"fullName":"A","templePresidentEmail":"tp@example.org","contactNumber":"9876543210","dateOfBirth":"1950-01-01","initiationDate":"1970-01-01"}`,
		`{"token":"` + strings.Repeat("A", 43) + `","referrerName":"R","referrerPosition":"P","referrerContact":"+919876543210","referrerEmail":"r@example.org","referrerSignedOn":"2025-13-40"}`,
		"{\"fullName\":\"a\\u0000b\"}", "{\"fullName\":\"\xff\"}", `{"email":"a@b.c","x":1}`, `{"areasOfInterest":"Other"}`,
		`{"__v":"1"}`, `{"remember":"yes"}`, strings.Repeat("[", 5000),
	}
	for i, s := range seeds {
		for k := range fuzzInputKinds {
			if (i+k)%3 == 0 || i < 8 {
				f.Add(uint8(k), []byte(s))
			}
		}
	}
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		decode := fuzzInputKinds[int(kind)%len(fuzzInputKinds)]
		r := httptest.NewRequest("POST", "/api/x", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, maxBodyBytes)
		err := decode(r)
		if err == nil {
			return
		}
		var apiErr *Error
		if !errors.As(err, &apiErr) {
			t.Fatalf("error is not an *Error: %T %v", err, err)
		}
		switch apiErr.Status {
		case 400, 413, 415:
		default:
			t.Fatalf("status %d for bad input", apiErr.Status)
		}
		if apiErr.Msg.IsZero() && len(apiErr.Fields) == 0 {
			t.Fatal("error without a message")
		}
	})
}

// FuzzSPAPath requests arbitrary paths from the web app handler: it never
// panics, never serves anything but the app's own files, and answers only
// 200, 304 or 404 (or a redirect to a cleaned path).
func FuzzSPAPath(f *testing.F) {
	for _, s := range []string{"/", "/admin", "/assets/app-1a2b3c.js", "/../etc/passwd", "/assets/..%2f..%2fgo.mod", "/%2e%2e/", "//x", "/a.js\x00", "/favicon.svg", "/assets/", "/x.gz", "/index.html", "/reset-password/abc"} {
		f.Add(s, "gzip, br")
	}
	h := newSPAHandler(hsWeb)
	f.Fuzz(func(t *testing.T, path, accept string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = "/" + strings.TrimPrefix(path, "/")
		req.Header.Set("Accept-Encoding", accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200:
			body := rec.Body.String()
			if body != "<!doctype html><title>spdc</title>" && body != "console.log(1)" && body != "<svg/>" {
				t.Fatalf("GET %q served %q", path, body)
			}
		case 304, 404, 301, 416:
		default:
			t.Fatalf("GET %q answered %d", path, rec.Code)
		}
	})
}

// FuzzSubscriberEmail checks the coming-soon address check: what it
// accepts is lower-case, trimmed, and accepted again unchanged.
func FuzzSubscriberEmail(f *testing.F) {
	for _, s := range []string{"a@example.org", " A@Example.ORG ", "a@b", "<a@b.c>", "x\r\n@y.z", "a@b.c.", "\"q\"@x.org", strings.Repeat("a", 300) + "@x.org"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, ok := subscriberEmail(s)
		if !ok {
			return
		}
		if out != strings.ToLower(out) || strings.TrimSpace(out) != out || len(out) > 254 || strings.ContainsAny(out, "\r\n<>, ") {
			t.Fatalf("subscriberEmail(%q) = %q", s, out)
		}
		if again, ok := subscriberEmail(out); !ok || again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q %v", s, out, again, ok)
		}
	})
}

// FuzzAdminEdit feeds arbitrary edit bodies to the admin edit parser of
// every tab: it never panics, its errors are 400s, and what it accepts is
// valid UTF-8 within bounds.
func FuzzAdminEdit(f *testing.F) {
	tabs := []string{"users", "disciples", "pending-disciples", "volunteers", "hosts", "messages", "audit"}
	for i, s := range []string{`{"__v":0}`, `{"__v":0,"fullName":"A"}`, `{"__v":"1"}`, `{"isAdmin":true,"__v":0}`, `{"__v":0,"email":"A@B.ORG"}`,
		`{"__v":0,"mobile":"98765 43210"}`, `{"__v":0,"areasOfInterest":["a",""]}`, `{"__v":0,"experience":null}`, `{"__v":1e99}`, `{"x":1}`} {
		f.Add(uint8(i), []byte(s))
	}
	f.Fuzz(func(t *testing.T, tab uint8, body []byte) {
		at := store.AdminTabByName(tabs[int(tab)%len(tabs)])
		if at == nil {
			return
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(body, &m) != nil {
			return
		}
		_, _, err := adminParseEdit(at, m)
		set, errs := at.Def.CheckEdit(adminBody(m), func(string) any { return "" }, time.Now())
		if err == nil {
			err = FieldErrors(errs).Err()
		}
		if err != nil {
			var apiErr *Error
			if !errors.As(err, &apiErr) || apiErr.Status != 400 {
				t.Fatalf("error %v is not a 400", err)
			}
			return
		}
		for k, v := range set {
			if s, ok := v.(string); ok && (!utf8.ValidString(s) || utf8.RuneCountInString(s) > 4000) {
				t.Fatalf("%s accepted invalid UTF-8", k)
			}
		}
	})
}
