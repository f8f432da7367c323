package i18n

import (
	"bufio"
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// The catalogue is catalogue.txt: blocks separated by a blank line, each
// with the lines "id: …" (the message's key, which the code names),
// "en: …", "hi: …" and "bn: …". {name} marks a placeholder; every
// language of a block has the same ones. Lines starting with # are
// comments. The code finds a text only by its key, so a change to the
// English wording never loses its translations.
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

var (
	entries []*Text
	byID    = map[string]*Text{}
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
		byID[t.ID] = t
	}
}

// parseCatalogue reads the catalogue's blocks; a block without a key or
// an English text, a key given twice, or a translation whose placeholders
// differ from the English is an error.
func parseCatalogue(src string) ([]*Text, error) {
	var out []*Text
	seen := map[string]bool{}
	cur := &Text{}
	line := 0
	flush := func() error {
		if *cur == (Text{}) {
			return nil
		}
		switch {
		case cur.ID == "":
			return fmt.Errorf("i18n: catalogue block ending at line %d has no id", line)
		case cur.En == "":
			return fmt.Errorf("i18n: catalogue block %q has no English text", cur.ID)
		case seen[cur.ID]:
			return fmt.Errorf("i18n: catalogue id %q given twice", cur.ID)
		}
		// A translation must carry every placeholder of the English, and
		// no other: a missing {name} would drop the value it stands for.
		for lang, s := range map[string]string{Hi: cur.Hi, Bn: cur.Bn} {
			if s != "" && !slices.Equal(Placeholders(s), Placeholders(cur.En)) {
				return fmt.Errorf("i18n: catalogue id %q: the %s text has placeholders %v, English has %v", cur.ID, lang, Placeholders(s), Placeholders(cur.En))
			}
		}
		seen[cur.ID] = true
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

// Entries lists the catalogue, for tests and the key generator.
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
