// Package mail renders the site's emails from embedded templates and sends
// them through a Sender (SMTP, or .eml files when SMTP_URL is unset).
// Messages are not sent directly by handlers: they go through the outbox.
package mail

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"spdc/internal/localtime"
)

// Message is one email, ready to send.
type Message struct {
	Kind    string // template name, for the admin mail tab and logs
	To      string // one recipient
	ReplyTo string // optional
	Subject string
	Text    string // plain text part (always present)
	HTML    string // HTML part (optional)
	// ID is the outbox row id, set by the outbox worker; senders use it for
	// the Message-ID header and the .eml file name. Renderers leave it empty.
	ID string
	// Link is set on a message that carries a one-time link (see Link).
	Link Link
	// About is the id or reference of the record the message is about ("":
	// none), so that erasing the record removes its mail by identity.
	About string
	// Attachments are files sent with the message (a receipt's PDF).
	Attachments []Attachment
}

// Attachment is one file attached to a message.
type Attachment struct {
	Name        string // file name shown to the reader, e.g. receipt-RCP-2026-27-000001.pdf
	ContentType string // one of AttachmentTypes
	Data        []byte
}

// AttachmentTypes are the kinds of file the site attaches.
var AttachmentTypes = []string{"application/pdf"}

// MaxAttachmentBytes bounds the files of one message together: mail
// servers commonly refuse messages above 10 MB once encoded.
const MaxAttachmentBytes = 7 << 20

// validateAttachments refuses a file name that could break the message's
// headers or point into folders, a kind of file the site never sends, and
// files too large to deliver.
func validateAttachments(as []Attachment) error {
	total := 0
	for _, a := range as {
		if a.Name == "" || len(a.Name) > 100 || strings.ContainsAny(a.Name, "/\\\"\r\n\x00") || strings.HasPrefix(a.Name, ".") {
			return fmt.Errorf("mail: attachment name %q", a.Name)
		}
		ok := false
		for _, t := range AttachmentTypes {
			ok = ok || a.ContentType == t
		}
		if !ok {
			return fmt.Errorf("mail: attachment type %q", a.ContentType)
		}
		if len(a.Data) == 0 {
			return fmt.Errorf("mail: attachment %q is empty", a.Name)
		}
		total += len(a.Data)
	}
	if total > MaxAttachmentBytes {
		return fmt.Errorf("mail: attachments of %d bytes are too large to send", total)
	}
	return nil
}

// Validate refuses a message that could not be delivered or that would
// inject headers: the recipient must be one email address and the subject
// a single line.
func (m Message) Validate() error {
	if _, err := ParseAddress(m.To); err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	if m.ReplyTo != "" {
		if _, err := ParseAddress(m.ReplyTo); err != nil {
			return fmt.Errorf("mail: reply-to: %w", err)
		}
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("mail: subject contains a line break")
	}
	if m.Subject == "" || m.Text == "" {
		return fmt.Errorf("mail: subject and text are required")
	}
	return validateAttachments(m.Attachments)
}

// ParseAddress accepts one plain email address (no display name, no
// list) and returns it trimmed.
func ParseAddress(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 254 || strings.ContainsAny(s, "\r\n<>,;\"") {
		return "", fmt.Errorf("%q is not an email address", s)
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return "", fmt.Errorf("%q is not an email address", s)
	}
	return s, nil
}

// Site is what every template needs to know about the program.
type Site struct {
	Name        string // "SPDC"
	PublicURL   string // origin for links, no trailing slash
	ContactLine string // shown in every footer
	// Zone is the time zone the mail writes times in (SPDC_TIMEZONE);
	// nil is India's.
	Zone *localtime.Zone
}

// DiscipleRequest is the content of a confirmation request (and reminder)
// sent to a temple president.
type DiscipleRequest struct {
	ApplicantName  string
	InitiatedName  string
	InitiationDate string    // YYYY-MM-DD or ""
	DiscipleID     string    // the registration the link confirms
	ExpiresAt      time.Time // when the registration's link runs out

}

// Field is one labelled value of a submission, for the admin copy.
type Field struct {
	Label string
	Value string
}

// parseMailAddress parses one address with an optional display name.
func parseMailAddress(s string) (string, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", err
	}
	return a.Address, nil
}
