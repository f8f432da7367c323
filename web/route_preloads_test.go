package web

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
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
			if _, err := fs.Stat(dist, strings.TrimPrefix(f, "/")); err != nil {
				t.Errorf("%s names %s, which the build did not write", path, f)
			}
		}
	}
}
