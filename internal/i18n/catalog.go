package i18n

import (
	"bufio"
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// The catalogue is catalogue.txt: blocks separated by a blank line, each
// with the lines "en: …", "hi: …" and "bn: …" and, for a text the code
// asks for by name, "id: …" (a block without one is found by its English
// text, which is how the API's messages are looked up). {name} marks a
// placeholder; every language of a block has the same ones. Lines
// starting with # are comments.
//
//go:embed catalogue.txt
var catalogueText string

// Text is one entry of the catalogue in every language.
type Text struct {
	ID         string
	En, Hi, Bn string
}

// In is t in lang, the English text when lang is unknown or t has no
// translation into it.
func (t Text) In(lang string) string {
	switch {
	case lang == Hi && t.Hi != "":
		return t.Hi
	case lang == Bn && t.Bn != "":
		return t.Bn
	}
	return t.En
}

// pattern is an entry with placeholders, matched against a finished
// English text to translate it.
type pattern struct {
	re    *regexp.Regexp
	names []string
	text  *Text
}

var (
	entries   []*Text
	byID      = map[string]*Text{}
	byEnglish = map[string]*Text{}
	patterns  []pattern
)

// placeholderRE finds {name} placeholders.
var placeholderRE = regexp.MustCompile(`\{[a-zA-Z][a-zA-Z0-9]*\}`)

func init() {
	list, err := parseCatalogue(catalogueText)
	if err != nil {
		panic(err)
	}
	entries = list
	for _, t := range list {
		if t.ID != "" {
			byID[t.ID] = t
		}
		if _, dup := byEnglish[t.En]; !dup || t.ID == "" {
			byEnglish[t.En] = t
		}
		if placeholderRE.MatchString(t.En) && t.ID == "" {
			expr := "^"
			var names []string
			last := 0
			for _, loc := range placeholderRE.FindAllStringIndex(t.En, -1) {
				expr += regexp.QuoteMeta(t.En[last:loc[0]]) + "(.+?)"
				names = append(names, t.En[loc[0]+1:loc[1]-1])
				last = loc[1]
			}
			expr += regexp.QuoteMeta(t.En[last:]) + "$"
			patterns = append(patterns, pattern{re: regexp.MustCompile(expr), names: names, text: t})
		}
	}
	// The most specific pattern (most fixed text) is tried first.
	sort.SliceStable(patterns, func(i, j int) bool {
		return fixedLen(patterns[i].text.En) > fixedLen(patterns[j].text.En)
	})
}

func fixedLen(s string) int { return len(placeholderRE.ReplaceAllString(s, "")) }

// parseCatalogue reads the catalogue's blocks.
func parseCatalogue(src string) ([]*Text, error) {
	var out []*Text
	cur := &Text{}
	line := 0
	flush := func() error {
		if *cur == (Text{}) {
			return nil
		}
		if cur.En == "" {
			return fmt.Errorf("i18n: catalogue block ending at line %d has no English text", line)
		}
		out = append(out, cur)
		cur = &Text{}
		return nil
	}
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line++
		l := sc.Text()
		switch {
		case strings.TrimSpace(l) == "":
			if err := flush(); err != nil {
				return nil, err
			}
		case strings.HasPrefix(l, "#"):
		default:
			key, val, ok := strings.Cut(l, ": ")
			if !ok {
				return nil, fmt.Errorf("i18n: catalogue line %d: want \"xx: text\"", line)
			}
			var dst *string
			switch key {
			case "id":
				dst = &cur.ID
			case "en":
				dst = &cur.En
			case "hi":
				dst = &cur.Hi
			case "bn":
				dst = &cur.Bn
			default:
				return nil, fmt.Errorf("i18n: catalogue line %d: unknown key %q", line, key)
			}
			if *dst != "" {
				return nil, fmt.Errorf("i18n: catalogue line %d: %s given twice", line, key)
			}
			*dst = strings.ReplaceAll(val, `\n`, "\n")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// Entries lists the catalogue, for tests.
func Entries() []Text {
	out := make([]Text, len(entries))
	for i, t := range entries {
		out[i] = *t
	}
	return out
}

// Placeholders lists the {name} placeholders of s, sorted.
func Placeholders(s string) []string {
	ph := placeholderRE.FindAllString(s, -1)
	sort.Strings(ph)
	return ph
}

// T is the text id in lang with each {name} replaced by its value from
// args, given as name, value pairs. An unknown id is returned as it is,
// so a missing entry shows (and fails the tests) instead of hiding.
func T(lang, id string, args ...string) string {
	t, ok := byID[id]
	if !ok {
		return id
	}
	return fill(t.In(lang), args...)
}

func fill(s string, args ...string) string {
	if len(args) == 0 {
		return s
	}
	pairs := make([]string, 0, len(args))
	for i := 0; i+1 < len(args); i += 2 {
		pairs = append(pairs, "{"+args[i]+"}", args[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// Has reports whether the catalogue has id.
func Has(id string) bool { _, ok := byID[id]; return ok }

// Translate turns a finished English text of the server into lang: the
// entry of that English text, else the first entry with placeholders
// whose English matches it, its parts translated the same way (so "Too
// many password reset requests. Please wait 15 minutes…" finds its
// sentence, the requests and the minutes). A text the catalogue does
// not have stays English.
func Translate(lang, english string) string {
	if lang == En || english == "" {
		return english
	}
	out, _ := translate(lang, english, 0)
	return out
}

// Translated reports whether the catalogue can put english into lang.
func Translated(lang, english string) bool {
	_, ok := translate(lang, english, 0)
	return ok
}

func translate(lang, english string, depth int) (string, bool) {
	if t, ok := byEnglish[english]; ok && !strings.Contains(t.En, "{") {
		return t.In(lang), true
	}
	if depth > 3 {
		return english, false
	}
	for _, p := range patterns {
		m := p.re.FindStringSubmatch(english)
		if m == nil {
			continue
		}
		args := make([]string, 0, 2*len(p.names))
		for i, name := range p.names {
			part, _ := translate(lang, m[i+1], depth+1)
			args = append(args, name, part)
		}
		return fill(p.text.In(lang), args...), true
	}
	if isNumber(english) {
		return english, true
	}
	return english, false
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != ',' && r != '.' {
			return false
		}
	}
	return true
}
