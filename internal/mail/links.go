package mail

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/localtime"
)

// Kinds of one-time link a message can carry (Link.Kind).
const (
	// LinkPasswordReset opens {PublicURL}/reset-password/{token}; Ref is
	// the user's id.
	LinkPasswordReset = "password_reset"
	// LinkDiscipleConfirm opens {PublicURL}/Reg?token={token}; Ref is the
	// disciple registration's id.
	LinkDiscipleConfirm = "disciple_confirm"
	// LinkVerifyEmail opens {PublicURL}/verify-email/{token}; Ref is the
	// user's id.
	LinkVerifyEmail = "verify_email"
)

// Link says that a message carries a one-time link, and which: its kind,
// whom it acts for (Ref) and until when it may be sent and used.
//
// A link-bearing message is rendered without its token: the body holds
// tokenSlot where the token goes and untilSlot… where its expiry is
// written, so the message can be stored (in the outbox, in backups)
// without holding anything usable. The token is made only when the
// message is sent (see package outbox) and filled in by WithLink on the
// copy handed to the sender, never on a stored one.
type Link struct {
	Kind  string
	Ref   string
	Until time.Time
}

// The slots a link-bearing body holds instead of its token and expiry.
// They are plain letters and hyphens so that URL and HTML escaping leave
// them as they are.
const (
	tokenSlot     = "SPDC-ONE-TIME-TOKEN"
	untilTimeSlot = "SPDC-LINK-VALID-UNTIL-TIME"
	untilDateSlot = "SPDC-LINK-VALID-UNTIL-DATE"
)

// untilSlot is the slot of a link's expiry in a message written in lang;
// English keeps the slots above, so stored English messages stay as they
// were.
func untilSlot(lang string, date bool) string {
	if !i18n.Valid(lang) || lang == i18n.En {
		if date {
			return untilDateSlot
		}
		return untilTimeSlot
	}
	if date {
		return "SPDC-" + strings.ToUpper(lang) + "-LINK-VALID-UNTIL-DATE"
	}
	return "SPDC-" + strings.ToUpper(lang) + "-LINK-VALID-UNTIL-TIME"
}

// untilInEnglish writes the English slots in place of lang's in s (the
// English part of a bilingual message).
func untilInEnglish(lang, s string) string {
	return strings.NewReplacer(untilSlot(lang, true), untilDateSlot, untilSlot(lang, false), untilTimeSlot).Replace(s)
}

// tokenChars is what a token may be made of (base64url, as auth.NewToken
// makes them): nothing in it needs escaping in a URL path, a query or HTML.
var tokenChars = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// WithLink returns the copy of m that is sent: its body with token and
// the expiry until written in (in India's time). It refuses a message that
// carries no link and a token that would need escaping.
func (m Message) WithLink(token string, until time.Time) (Message, error) {
	return m.WithLinkIn(token, until, nil)
}

// WithLinkIn is WithLink writing the expiry in zone (nil: India's).
func (m Message) WithLinkIn(token string, until time.Time, zone *localtime.Zone) (Message, error) {
	if m.Link.Kind == "" || !strings.Contains(m.Text, tokenSlot) {
		return Message{}, errors.New("mail: the message carries no one-time link")
	}
	if !tokenChars.MatchString(token) {
		return Message{}, errors.New("mail: a token must be base64url")
	}
	pairs := []string{tokenSlot, token}
	for _, lang := range i18n.Languages {
		when := DateTimeIn(zone, lang, until)
		pairs = append(pairs, untilSlot(lang, false), when, untilSlot(lang, true), when)
	}
	r := strings.NewReplacer(pairs...)
	m.Text, m.HTML = r.Replace(m.Text), r.Replace(m.HTML)
	m.Link.Until = until
	return m, nil
}

// CheckStorable refuses a link-bearing message that could not be stored
// safely: a Link without its owner or expiry, or a body without the token
// slot (whatever link it holds instead would be kept as it is). The
// outbox calls it before storing any message. The renderer takes no
// tokens, so every link it writes goes through a slot.
func (m Message) CheckStorable() error {
	if m.Link.Kind == "" {
		return nil
	}
	if m.Link.Ref == "" || m.Link.Until.IsZero() || !strings.Contains(m.Text, tokenSlot) {
		return fmt.Errorf("mail: %s link is incomplete", m.Link.Kind)
	}
	return nil
}

// MaskAddress shows an address the way logs may name a recipient (at
// Debug level only): the first character of the local part and the whole
// domain, as in a***@example.org. Anything that is not an address becomes
// "***".
func MaskAddress(s string) string {
	at := strings.LastIndexByte(s, '@')
	if at < 1 || at == len(s)-1 {
		return "***"
	}
	r := []rune(s[:at])
	return string(r[0]) + "***" + s[at:]
}

// addressLike finds email addresses inside free text, such as an SMTP
// server's reply ("550 <someone@example.org>: no such user").
var addressLike = regexp.MustCompile(`[^\s<>()\[\]",;:]+@[^\s<>()\[\]",;:]+`)

// MaskAddresses masks every address in s as MaskAddress does, so that an
// error can be logged without naming its recipient.
func MaskAddresses(s string) string {
	return addressLike.ReplaceAllStringFunc(s, MaskAddress)
}
