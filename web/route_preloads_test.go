package web

import (
	"encoding/json"
	"io/fs"
	"regexp"
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

// TestImportsNameNoStartupFile: the lists of files the build writes beside
// each import(), for the browser to fetch with the imported chunk, leave
// out the start-up scripts index.html names: the app has always loaded
// them by then, and their names would only cost bytes in every chunk.
func TestImportsNameNoStartupFile(t *testing.T) {
	dist := Dist()
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		t.Fatalf("%v (run make web first)", err)
	}
	startup := regexp.MustCompile(`/(assets/[^"]+\.js)"`).FindAllStringSubmatch(string(index), -1)
	if len(startup) < 2 {
		t.Fatalf("index.html names %d scripts, want the entry and its start-up chunks", len(startup))
	}
	lists := regexp.MustCompile(`m\.f=\[([^\]]*)\]`)
	files, err := fs.Glob(dist, "assets/*.js")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, f := range files {
		code, err := fs.ReadFile(dist, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, list := range lists.FindAllStringSubmatch(string(code), -1) {
			seen++
			for _, s := range startup {
				if strings.Contains(list[1], `"`+s[1]+`"`) {
					t.Errorf("%s lists the start-up file %s to fetch with an import", f, s[1])
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no built file lists the files of an import: the check found nothing to read")
	}
}
