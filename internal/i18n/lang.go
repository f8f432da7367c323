// Package i18n holds the site's languages (English, Hindi, Bengali), picks
// the language of a request, and keeps the one catalogue of the server's
// own texts: the API's messages and field errors, the fields' labels, and
// the words the emails share (month names, the join of a list).
package i18n

import (
	"context"
	"net/http"

	"golang.org/x/text/language"
)

// The site's languages, by their code; English is every text's fallback.
const (
	En      = "en"
	Hi      = "hi"
	Bn      = "bn"
	Default = En
)

// Languages lists the codes in the order the site offers them.
var Languages = []string{En, Hi, Bn}

// CookieName is the cookie in which the web app keeps the visitor's choice.
const CookieName = "spdc_lang"

// tags are the languages as the matcher knows them, in Languages' order:
// English first, so that it is the answer when nothing matches.
var tags = []language.Tag{language.English, language.Hindi, language.Bengali}

var matcher = language.NewMatcher(tags)

// Valid reports whether code is one of the site's languages.
func Valid(code string) bool {
	return code == En || code == Hi || code == Bn
}

// Tag is the language tag of code (English for anything unknown).
func Tag(code string) language.Tag {
	for i, c := range Languages {
		if c == code {
			return tags[i]
		}
	}
	return language.English
}

// Match picks the site's language for an Accept-Language header:
// the best of en, hi and bn the header allows, English when the header is
// empty, malformed or names none of them (a region such as hi-IN or bn-BD
// counts as its language).
func Match(acceptLanguage string) string {
	if acceptLanguage == "" || len(acceptLanguage) > 1000 {
		return Default
	}
	prefs, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(prefs) == 0 {
		return Default
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No || i < 0 || i >= len(Languages) {
		return Default
	}
	return Languages[i]
}

// FromRequest is the language an API request asks for: its
// Accept-Language, else English.
func FromRequest(r *http.Request) string {
	return Match(r.Header.Get("Accept-Language"))
}

// ForPage is the language of a page request: a valid ?lang=, else the
// spdc_lang cookie when it names a language, else Accept-Language, else
// English.
func ForPage(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); Valid(l) {
		return l
	}
	if c, err := r.Cookie(CookieName); err == nil && Valid(c.Value) {
		return c.Value
	}
	return FromRequest(r)
}

type ctxKey struct{}

// WithLang returns ctx carrying lang.
func WithLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, ctxKey{}, lang)
}

// FromContext is the language ctx carries, English when none.
func FromContext(ctx context.Context) string {
	if l, ok := ctx.Value(ctxKey{}).(string); ok && Valid(l) {
		return l
	}
	return Default
}
