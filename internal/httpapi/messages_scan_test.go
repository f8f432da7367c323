package httpapi

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"spdc/internal/i18n"
)

// apiTexts lists the English texts the API can answer, read from the
// source of this package and of internal/entity, internal/india,
// internal/auth and internal/care: the
// string literals given to errorf, writeMessage, FieldErrors.Add, a
// "message" member, an Error's Message or Fields, errors.New in the
// checks, a required field's prompt, and the msg… and Msg… constants.
func apiTexts(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	add := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && strings.TrimSpace(s) != "" && s != "%s" {
				seen[s] = true
			}
		}
	}
	var files []string
	for _, dir := range []string{".", "../entity", "../india", "../auth", "../care"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "typescript.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if (strings.HasPrefix(id.Name, "msg") || strings.HasPrefix(id.Name, "Msg")) && i < len(n.Values) {
						add(n.Values[i])
					}
				}
			case *ast.CallExpr:
				var name string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "errors" && fn.Sel.Name == "New" {
						name = "errors.New"
					}
				}
				switch {
				case name == "errorf" && len(n.Args) > 1:
					add(n.Args[1])
				case name == "writeMessage" && len(n.Args) > 0:
					add(n.Args[len(n.Args)-1])
				case (name == "Add" || name == "add") && len(n.Args) == 2:
					add(n.Args[1])
				case name == "required" || name == "problem" || name == "errors.New":
					add(n.Args[len(n.Args)-1])
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && (k.Name == "Message" || k.Name == "RangeMsg") {
					add(n.Value)
				}
				if k, ok := n.Key.(*ast.BasicLit); ok && k.Value == `"message"` {
					add(n.Value)
				}
				if c, ok := n.Value.(*ast.CompositeLit); ok {
					if mt, ok := c.Type.(*ast.MapType); ok {
						_ = mt
						if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Fields" {
							for _, el := range c.Elts {
								add(el.(*ast.KeyValueExpr).Value)
							}
						}
					}
				}
			}
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// notMessages are string literals the scan finds that no one reads.
var notMessages = map[string]bool{"Accept-Encoding": true, "Origin": true, "panic": true,
	"seek: bad whence": true, "seek: negative position": true,
	"auth: password does not match": true, "auth: unreadable password hash": true}

// formats are the texts made with fmt, with example values.
var formats = map[string][]any{
	"A video may be at most %d MB and a picture %d MB; this upload is larger.":                                                       {50, 10},
	"Thank you, we have already received several forms from you. Please wait %s and send this one again.":                            {"15 minutes"},
	"The directory already has a referrer named %s with another address. If this is a different person, confirm to add them anyway.": {"Keshava Swami"},
	"This %s is used by: %s. Remove it there first.":                                                                                 {"picture", "team: Radha"},
	"Too many %s. Please wait %s and try again.":                                                                                     {"failed sign-in attempts", "1 hour"},
	"must be at least %d characters":                                                                                                 {10},
	"must be at least %d characters for an admin account":                                                                            {12},
}

// Every English text the API can answer is in the catalogue in Hindi and
// Bengali: a phrase ("is required") with a field's label before it, as
// the answer makes it.
func TestEveryAPIMessageTranslated(t *testing.T) {
	texts := apiTexts(t)
	if len(texts) < 200 {
		t.Fatalf("the scan found only %d texts", len(texts))
	}
	for _, s := range texts {
		if notMessages[s] {
			continue
		}
		if strings.Contains(s, "%") {
			args, ok := formats[s]
			if !ok {
				t.Errorf("no example values for %q", s)
				continue
			}
			s = fmt.Sprintf(s, args...)
		}
		if unicode.IsLower([]rune(s)[0]) {
			s = fieldSentence("fullName", s)
		}
		for _, lang := range []string{i18n.Hi, i18n.Bn} {
			if !i18n.Translated(lang, s) {
				t.Errorf("%s: %q", lang, s)
			}
		}
	}
}
