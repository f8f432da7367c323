package web

import (
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"spdc/internal/i18n"
)

// TestRoutePreloadsNameBuiltFiles: every file the preload list names for
// a route (the server turns them into <link rel="modulepreload"> and
// preload hints) is one the build wrote, so no page asks for a file that
// answers 404.
func TestRoutePreloadsNameBuiltFiles(t *testing.T) {
	dist := Dist()
	raw, err := fs.ReadFile(dist, "route-preloads.json")
	if err != nil {
		t.Fatalf("%v (run make web first)", err)
	}
	var preloads map[string][]string
	if err := json.Unmarshal(raw, &preloads); err != nil {
		t.Fatal(err)
	}
	if len(preloads["/myaccount"]) == 0 {
		t.Fatal("no preload list for /myaccount")
	}
	for path, files := range preloads {
		for _, f := range files {
			// A catalogue is named in the page's language, with the
			// build's stamp on its address.
			name, _, _ := strings.Cut(strings.TrimPrefix(f, "/"), "?")
			for _, lang := range i18n.Languages {
				if _, err := fs.Stat(dist, strings.ReplaceAll(name, "{lang}", lang)); err != nil {
					t.Errorf("%s names %s, which the build did not write in %s", path, f, lang)
				}
			}
		}
	}
	if !slices.ContainsFunc(preloads["/admin"], func(f string) bool { return strings.HasPrefix(f, "/i18n/admin-{lang}.json?v=") }) {
		t.Errorf("/admin does not name the dashboard's messages: %v", preloads["/admin"])
	}
}
