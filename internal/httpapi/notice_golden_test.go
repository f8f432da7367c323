package httpapi

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"spdc/internal/entity"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

var updateNotices = flag.Bool("update", false, "rewrite the notices' answers in testdata/notices/")

// Every form's notice answers in English, Hindi and Bengali byte for byte
// as recorded in testdata/notices/<form>.<lang>.json: a notice's words
// and items change only with its version, since each consent record
// names the version its sender read. go test -run TestNoticeAnswers
// -update rewrites the files, after a change of wording and version.
func TestNoticeAnswersUnchanged(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for _, n := range entity.Notices {
			for _, lang := range []string{"en", "hi", "bn"} {
				r := e.callWith("GET", "/api/notices/"+n.Form, nil, "", map[string]string{"Accept-Language": lang})
				if r.Status != 200 {
					t.Fatalf("%s %s: %d %s", n.Form, lang, r.Status, r.Raw)
				}
				path := filepath.Join("testdata", "notices", n.Form+"."+lang+".json")
				if *updateNotices {
					if err := os.WriteFile(path, []byte(r.Raw), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if r.Raw != string(want) {
					t.Errorf("%s %s: the notice's answer changed:\n%s\nwas\n%s", n.Form, lang, r.Raw, want)
				}
			}
		}
	})
}
