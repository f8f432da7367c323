package mail

import (
	"regexp"
	"strings"
)

// domainLike matches what mail programs turn into a link on their own: a
// scheme (https://, mailto:), "www.", an address with @, or a host name
// (letters or digits, a dot, and a top-level part of two or more letters:
// "evil.example", "Dr.Ram" too, at the cost of an odd-looking dot).
var domainLike = regexp.MustCompile(`(?i)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}{2,}|://|www\.|@|\b(?:mailto|tel|sms|callto|file|data|javascript):`)

// Inert makes visitor-typed text safe to show in mail that may reach
// someone other than the visitor (an address they typed): it stays one
// line, and any part a mail program would make clickable is written with
// its punctuation in brackets ("evil[.]example", "https[:]//", "name[@]host"),
// which people still read but no program links.
func Inert(s string) string {
	s = OneLine(s)
	return domainLike.ReplaceAllStringFunc(s, func(m string) string {
		r := strings.NewReplacer(".", "[.]", ":", "[:]", "@", "[@]")
		return r.Replace(m)
	})
}
