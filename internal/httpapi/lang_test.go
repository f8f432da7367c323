package httpapi

import (
	"testing"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// The API answers each message and field error in the language of
// Accept-Language, English when it is absent or names another language,
// and says which in Content-Language. English answers keep their words.
func TestAPIAnswersInTheRequestsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newFormsEnv(t, st, "")
		bad := validVolunteer()
		bad["email"], bad["skills"] = "asha@", ""
		one := validVolunteer()
		one["fullName"] = ""

		type want struct{ several, one, emailErr, unauthorized, noEndpoint, notJSON string }
		for accept, w := range map[string]want{
			"": {"Please correct these two fields: Email and Skills.", "Please enter your full name.",
				"Please enter a valid email address, like name@example.org.", "Please sign in again: your session has ended.",
				"No such API endpoint.", "The request body is not valid JSON."},
			"fr-FR, de;q=0.8": {"Please correct these two fields: Email and Skills.", "Please enter your full name.",
				"Please enter a valid email address, like name@example.org.", "Please sign in again: your session has ended.",
				"No such API endpoint.", "The request body is not valid JSON."},
			"hi-IN,hi;q=0.9,en;q=0.8": {"कृपया ये 2 जानकारियाँ ठीक करें: ईमेल और कौशल।", "कृपया अपना पूरा नाम लिखें।",
				"कृपया सही ईमेल पता लिखें, जैसे name@example.org।", "आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।",
				"ऐसा कोई API पता नहीं है।", "अनुरोध की सामग्री सही JSON नहीं है।"},
			"bn": {"অনুগ্রহ করে এই 2টি তথ্য ঠিক করুন: ইমেল ও দক্ষতা।", "অনুগ্রহ করে আপনার পুরো নাম লিখুন।",
				"অনুগ্রহ করে সঠিক ইমেল ঠিকানা লিখুন, যেমন name@example.org।", "আপনার সেশন শেষ হয়ে গেছে। অনুগ্রহ করে আবার সাইন ইন করুন।",
				"এমন কোনো API ঠিকানা নেই।", "অনুরোধের তথ্য সঠিক JSON নয়।"},
		} {
			hdr := map[string]string{}
			if accept != "" {
				hdr["Accept-Language"] = accept
			}
			lang := map[string]string{"": "en", "fr-FR, de;q=0.8": "en", "hi-IN,hi;q=0.9,en;q=0.8": "hi", "bn": "bn"}[accept]

			r := e.callWith("POST", "/api/volunteers/register", bad, "", hdr)
			errs := r.fieldErrors()
			if r.Status != 400 || r.message() != w.several || errs["email"] != w.emailErr || r.Header.Get("Content-Language") != lang {
				t.Errorf("%q: two fields: %d %s %q", accept, r.Status, r.Raw, r.Header.Get("Content-Language"))
			}
			r = e.callWith("POST", "/api/volunteers/register", one, "", hdr)
			if r.Status != 400 || r.message() != w.one || r.fieldErrors()["fullName"] != w.one {
				t.Errorf("%q: one field: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("GET", "/api/users/me", nil, "", hdr); r.Status != 401 || r.message() != w.unauthorized {
				t.Errorf("%q: 401: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("GET", "/api/no-such-thing", nil, "", hdr); r.Status != 404 || r.message() != w.noEndpoint || r.Header.Get("Content-Language") != lang {
				t.Errorf("%q: 404: %d %s", accept, r.Status, r.Raw)
			}
			if r := e.callWith("POST", "/api/contact", "{nope", "", hdr); r.Status != 400 || r.message() != w.notJSON {
				t.Errorf("%q: bad JSON: %d %s", accept, r.Status, r.Raw)
			}
		}

		// A phrase of a field ("is required") is a whole sentence with the
		// field's label in Hindi and Bengali.
		r := e.callWith("POST", "/api/users/login", map[string]any{"identifier": "", "password": ""}, "", map[string]string{"Accept-Language": "hi"})
		if r.Status != 400 || r.fieldErrors()["identifier"] != "ईमेल या फ़ोन नंबर भरना आवश्यक है।" || r.message() != "कृपया ये 2 जानकारियाँ ठीक करें: ईमेल या फ़ोन नंबर और पासवर्ड।" {
			t.Errorf("hi login: %d %s", r.Status, r.Raw)
		}
		r = e.callWith("POST", "/api/users/login", map[string]any{"identifier": "nobody@example.org", "password": "wrong password 1"}, "", map[string]string{"Accept-Language": "bn"})
		if r.Status != 401 || r.message() != "ইমেল/ফোন নম্বর বা পাসওয়ার্ড সঠিক নয়।" {
			t.Errorf("bn login: %d %s", r.Status, r.Raw)
		}
		// A success message too.
		r = e.callWith("POST", "/api/volunteers/register", validVolunteer(), "", map[string]string{"Accept-Language": "bn"})
		if r.Status != 201 || r.message() != "স্বেচ্ছাসেবকের ফর্ম পাঠানো হয়েছে! ধন্যবাদ।" {
			t.Errorf("bn volunteer: %d %s", r.Status, r.Raw)
		}
	})
}
