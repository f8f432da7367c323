// Package webstats measures the Vite build in web/dist: the JavaScript and
// CSS a page needs before its first render, in gzip bytes. The entry
// script, its modulepreloads and stylesheets come from index.html; each
// lazily loaded route chunk adds its own file and the dependencies Vite
// lists for it (__vite__mapDeps) or imports statically.
package webstats

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Size is a set of files and their gzip sizes.
type Size struct {
	Files   []string `json:"files"`
	JSGzip  int      `json:"jsGzip"`
	CSSGzip int      `json:"cssGzip"`
	JSRaw   int      `json:"jsRaw"`
	CSSRaw  int      `json:"cssRaw"`
}

// Chunk is one lazily loaded route chunk: what it adds to the entry.
type Chunk struct {
	Name string `json:"name"` // file name without hash, e.g. "home"
	File string `json:"file"`
	Size
}

// Language is the home page's first render in one language: the code
// (the same files in every language: the build has no code per
// language) and the language's messages, which the server embeds in the
// page as JSON (i18n/<lang>.json; the page carries no other language's).
type Language struct {
	Lang         string `json:"lang"`
	JSGzip       int    `json:"jsGzip"`
	MessagesGzip int    `json:"messagesGzip"`
}

// Report is the whole measurement.
type Report struct {
	Entry Size `json:"entry"` // index.html's scripts, preloads, stylesheets and their static imports
	// Home is the entry plus the home route chunk: everything needed for the
	// first render of /.
	Home      Size       `json:"home"`
	Languages []Language `json:"languages"`
	Chunks    []Chunk    `json:"chunks"`
}

var (
	reScript  = regexp.MustCompile(`<script[^>]+src="/?([^"]+)"`)
	reLink    = regexp.MustCompile(`<link[^>]+>`)
	reHref    = regexp.MustCompile(`href="/?([^"]+)"`)
	reRel     = regexp.MustCompile(`rel="([^"]+)"`)
	reFrom    = regexp.MustCompile(`from\s*["'` + "`" + `]\./([^"'` + "`" + `]+)["'` + "`" + `]`)
	reBare    = regexp.MustCompile(`\bimport\s*["'` + "`" + `]\./([^"'` + "`" + `]+)["'` + "`" + `]`)
	reDynamic = regexp.MustCompile(`import\(\s*["'` + "`" + `]\./([^"'` + "`" + `]+)["'` + "`" + `]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?`)
	reMapDeps = regexp.MustCompile(`m\.f=\[([^\]]*)\]`)
	reHash    = regexp.MustCompile(`-[A-Za-z0-9_-]{8}$`)
)

type builder struct {
	dist  string
	cache map[string][]byte
	gz    map[string]int
}

func (b *builder) read(rel string) ([]byte, error) {
	if v, ok := b.cache[rel]; ok {
		return v, nil
	}
	data, err := os.ReadFile(filepath.Join(b.dist, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	b.cache[rel] = data
	return data, nil
}

// gzipSize is the size of rel at gzip -9 (what the build's .gz siblings
// hold), computed so small files without a sibling count too.
func (b *builder) gzipSize(rel string) (int, error) {
	if n, ok := b.gz[rel]; ok {
		return n, nil
	}
	data, err := b.read(rel)
	if err != nil {
		return 0, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(data)
	_ = zw.Close()
	b.gz[rel] = buf.Len()
	return buf.Len(), nil
}

// closure adds rel and every module it imports statically to set.
func (b *builder) closure(rel string, set map[string]bool) error {
	if set[rel] {
		return nil
	}
	set[rel] = true
	if !strings.HasSuffix(rel, ".js") {
		return nil
	}
	data, err := b.read(rel)
	if err != nil {
		return err
	}
	dir := path.Dir(rel)
	for _, re := range []*regexp.Regexp{reFrom, reBare} {
		for _, m := range re.FindAllSubmatch(data, -1) {
			if err := b.closure(path.Join(dir, string(m[1])), set); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *builder) size(set map[string]bool, exclude map[string]bool) (Size, error) {
	var s Size
	for f := range set {
		if exclude[f] {
			continue
		}
		n, err := b.gzipSize(f)
		if err != nil {
			return s, err
		}
		raw := len(b.cache[f])
		switch {
		case strings.HasSuffix(f, ".js"):
			s.JSGzip += n
			s.JSRaw += raw
		case strings.HasSuffix(f, ".css"):
			s.CSSGzip += n
			s.CSSRaw += raw
		default:
			continue
		}
		s.Files = append(s.Files, f)
	}
	sort.Strings(s.Files)
	return s, nil
}

// Measure reads the build in dist (web/dist).
func Measure(dist string) (*Report, error) {
	b := &builder{dist: dist, cache: map[string][]byte{}, gz: map[string]int{}}
	index, err := os.ReadFile(filepath.Join(dist, "index.html"))
	if err != nil {
		return nil, fmt.Errorf("webstats: %w (run the web build first)", err)
	}
	entry := map[string]bool{}
	for _, m := range reScript.FindAllSubmatch(index, -1) {
		if err := b.closure(string(m[1]), entry); err != nil {
			return nil, fmt.Errorf("webstats: %w", err)
		}
	}
	for _, tag := range reLink.FindAll(index, -1) {
		rel, href := reRel.FindSubmatch(tag), reHref.FindSubmatch(tag)
		if rel == nil || href == nil {
			continue
		}
		switch string(rel[1]) {
		case "stylesheet", "modulepreload":
			if err := b.closure(string(href[1]), entry); err != nil {
				return nil, fmt.Errorf("webstats: %w", err)
			}
		}
	}
	rep := &Report{}
	if rep.Entry, err = b.size(entry, nil); err != nil {
		return nil, err
	}

	// Lazy chunks are imported dynamically from the entry's modules, each
	// with its preload list in __vite__mapDeps.
	seen := map[string]bool{}
	for f := range entry {
		if !strings.HasSuffix(f, ".js") {
			continue
		}
		data := b.cache[f]
		var deps []string
		if m := reMapDeps.FindSubmatch(data); m != nil {
			for _, q := range strings.Split(string(m[1]), ",") {
				if q = strings.Trim(strings.TrimSpace(q), "\"'`"); q != "" {
					deps = append(deps, q)
				}
			}
		}
		dir := path.Dir(f)
		for _, m := range reDynamic.FindAllSubmatch(data, -1) {
			file := path.Join(dir, string(m[1]))
			// A start-up chunk the entry loads with import() is named in
			// index.html beside it, and counted in the entry.
			if seen[file] || entry[file] {
				continue
			}
			seen[file] = true
			set := map[string]bool{}
			if err := b.closure(file, set); err != nil {
				return nil, fmt.Errorf("webstats: %w", err)
			}
			for _, idx := range strings.Split(string(m[2]), ",") {
				i, err := strconv.Atoi(strings.TrimSpace(idx))
				if err != nil || i < 0 || i >= len(deps) {
					continue
				}
				if err := b.closure(deps[i], set); err != nil {
					return nil, fmt.Errorf("webstats: %w", err)
				}
			}
			size, err := b.size(set, entry)
			if err != nil {
				return nil, err
			}
			base := strings.TrimSuffix(path.Base(file), path.Ext(file))
			rep.Chunks = append(rep.Chunks, Chunk{Name: reHash.ReplaceAllString(base, ""), File: file, Size: size})
		}
	}
	sort.Slice(rep.Chunks, func(i, j int) bool { return rep.Chunks[i].Name < rep.Chunks[j].Name })

	home := map[string]bool{}
	for f := range entry {
		home[f] = true
	}
	for _, c := range rep.Chunks {
		if c.Name == "home" {
			for _, f := range c.Files {
				home[f] = true
			}
		}
	}
	if rep.Home, err = b.size(home, nil); err != nil {
		return nil, err
	}
	if rep.Languages, err = b.languages(rep.Home.JSGzip); err != nil {
		return nil, err
	}
	return rep, nil
}

// reSiteCatalogue names a language's site messages (i18n/hi.json); the
// dashboard's and the care register's (admin-hi.json) load apart.
var reSiteCatalogue = regexp.MustCompile(`^([a-z]{2})\.json$`)

// languages is the home page's first render in each language the build
// has messages for, English first.
func (b *builder) languages(homeJS int) ([]Language, error) {
	entries, err := os.ReadDir(filepath.Join(b.dist, "i18n"))
	if err != nil {
		return nil, fmt.Errorf("webstats: %w", err)
	}
	var out []Language
	for _, e := range entries {
		m := reSiteCatalogue.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		n, err := b.gzipSize("i18n/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, Language{Lang: m[1], JSGzip: homeJS, MessagesGzip: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Lang == "en" || (out[j].Lang != "en" && out[i].Lang < out[j].Lang) })
	return out, nil
}
