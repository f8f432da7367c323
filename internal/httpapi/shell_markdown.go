package httpapi

// The program's long texts (pages, answers, step details) painted before
// the script as the web app's Markdown component renders them: CommonMark
// without extensions, raw HTML left out, pictures left out, a "# heading"
// as an h2 (the page's title is its one h1), links only to http(s),
// mailto: and tel: addresses, paths of this site and anchors (another
// link keeps its words without the link), and http(s) links opened
// without the page's referrer or a handle on it.

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// shellMarkdownEngine is goldmark as CommonMark, with the rules above
// applied to the tree before rendering; its HTML renderer escapes every
// text and address.
var shellMarkdownEngine = goldmark.New(goldmark.WithParserOptions(
	parser.WithASTTransformers(util.Prioritized(shellMarkdownRules{}, 100)),
))

// markdownSafeURL matches the addresses a link may go to anywhere.
var markdownSafeURL = regexp.MustCompile(`(?i)^(?:https?://|mailto:|tel:)`)

// markdownURL is a link's address when it may be followed, or "" when
// the link must keep only its words: the app's rule, shared so both
// paints agree.
func markdownURL(u string) string {
	u = strings.TrimSpace(u)
	switch {
	case markdownSafeURL.MatchString(u):
		return u
	case strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") && !strings.HasPrefix(u, `/\`):
		return u // a path of this site, not a //host address
	case strings.HasPrefix(u, "#"):
		return u
	}
	return ""
}

// shellMarkdownRules rewrites a parsed text to what the app shows.
type shellMarkdownRules struct{}

func (shellMarkdownRules) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	// Collected first: the tree is changed after the walk, not during it.
	var drop, unwrap []ast.Node
	var autolinks []*ast.AutoLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.HTMLBlock, *ast.RawHTML, *ast.Image:
			drop = append(drop, n)
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			if v.Level == 1 {
				v.Level = 2
			}
		case *ast.Link:
			href := markdownURL(string(v.Destination))
			if href == "" {
				unwrap = append(unwrap, n)
				break
			}
			v.Destination = []byte(href)
			if isWebURL(href) {
				v.SetAttributeString("rel", []byte("noopener noreferrer"))
			}
		case *ast.AutoLink:
			autolinks = append(autolinks, v)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range drop {
		n.Parent().RemoveChild(n.Parent(), n)
	}
	for _, n := range unwrap {
		parent := n.Parent()
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
	// An address written between < and > is a link like any other: the
	// same check, the same rel, its own words as the text.
	for _, a := range autolinks {
		url := string(a.URL(source))
		if a.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(url), "mailto:") {
			url = "mailto:" + url
		}
		label := ast.NewString(a.Label(source))
		parent := a.Parent()
		href := markdownURL(url)
		if href == "" {
			parent.ReplaceChild(parent, a, label)
			continue
		}
		link := ast.NewLink()
		link.Destination = []byte(href)
		if isWebURL(href) {
			link.SetAttributeString("rel", []byte("noopener noreferrer"))
		}
		link.AppendChild(link, label)
		parent.ReplaceChild(parent, a, link)
	}
}

func isWebURL(u string) bool {
	l := strings.ToLower(u)
	return strings.HasPrefix(l, "http:") || strings.HasPrefix(l, "https:")
}

// shellMarkdown is md as the app's Markdown component shows it: its HTML
// inside <div class="markdown">.
func shellMarkdown(md string) template.HTML {
	var b bytes.Buffer
	b.WriteString(`<div class="markdown">`)
	if err := shellMarkdownEngine.Convert([]byte(md), &b); err != nil {
		return ""
	}
	// The app's markup has no line break after the last block.
	b.Truncate(len(bytes.TrimRight(b.Bytes(), "\n")))
	b.WriteString(`</div>`)
	return template.HTML(b.String())
}
