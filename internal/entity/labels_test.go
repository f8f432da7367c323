package entity

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// webCatalogues is where the web app keeps its message catalogues, from
// this package.
var webCatalogues = filepath.Join("..", "..", "web", "src", "i18n", "messages")

// catalogueEntry is one message of a web catalogue, kept in file order.
type catalogueEntry struct{ key, text string }

// readCatalogue reads a web catalogue in its own order.
func readCatalogue(t *testing.T, path string) []catalogueEntry {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var out []catalogueEntry
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, catalogueEntry{k.(string), v})
	}
	return out
}

// writeCatalogue writes entries as the web catalogues are laid out: one
// message a line, indented by a space, no escaping of HTML.
func writeCatalogue(entries []catalogueEntry) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n")
	quote := func(s string) (string, error) {
		var q bytes.Buffer
		enc := json.NewEncoder(&q)
		enc.SetEscapeHTML(false)
		err := enc.Encode(s)
		return strings.TrimSuffix(q.String(), "\n"), err
	}
	for i, e := range entries {
		k, err := quote(e.key)
		if err != nil {
			return nil, err
		}
		v, err := quote(e.text)
		if err != nil {
			return nil, err
		}
		b.WriteString(" " + k + ": " + v)
		if i < len(entries)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// TestFieldLabelsInWebCatalogues fails when a web catalogue's generated
// field labels ("field.<form>.<key>", "care.formField.<form>.<key>") are not the definitions' labels in
// its language (run it with -update to rewrite them: the generated keys
// follow the hand-written ones, sorted).
func TestFieldLabelsInWebCatalogues(t *testing.T) {
	for _, lang := range []string{"en", "hi", "bn"} {
		path := filepath.Join(webCatalogues, lang+".json")
		entries := readCatalogue(t, path)
		want := FieldLabels(lang)
		var kept []catalogueEntry
		got := map[string]string{}
		for _, e := range entries {
			if strings.HasPrefix(e.key, "field.") || strings.HasPrefix(e.key, "care.formField.") {
				got[e.key] = e.text
			} else {
				kept = append(kept, e)
			}
		}
		if *update {
			keys := make([]string, 0, len(want))
			for k := range want {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				kept = append(kept, catalogueEntry{k, want[k]})
			}
			out, err := writeCatalogue(kept)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for k, text := range want {
			if got[k] != text {
				t.Errorf("%s: %s is %q, want %q: run go test ./internal/entity -run TestFieldLabelsInWebCatalogues -update", lang, k, got[k], text)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("%s: %s is no form field's label: run go test ./internal/entity -run TestFieldLabelsInWebCatalogues -update", lang, k)
			}
		}
	}
}

// TestWebCatalogueLayout: a catalogue written back unchanged is the same
// file, so the generated labels never reformat the hand-written messages.
func TestWebCatalogueLayout(t *testing.T) {
	for _, lang := range []string{"en", "hi", "bn"} {
		path := filepath.Join(webCatalogues, lang+".json")
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out, err := writeCatalogue(readCatalogue(t, path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(raw, out) {
			t.Errorf("%s: writing the catalogue back changes it", lang)
		}
	}
}
