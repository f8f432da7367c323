package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Sender delivers one message. An error wrapped in *PermanentError (see
// IsPermanent) means retrying cannot help; any other error is temporary.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// PermanentError is a failure that retrying will not fix, such as an SMTP
// 5xx reply to the sender, the recipient or the content. Err keeps the
// server's reply.
type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent marks err as permanent.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &PermanentError{Err: err}
}

// IsPermanent reports whether err (or an error it wraps) is permanent.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}

// SenderFunc adapts a function to Sender (tests use it to inject faults).
type SenderFunc func(ctx context.Context, m Message) error

// Send calls f.
func (f SenderFunc) Send(ctx context.Context, m Message) error { return f(ctx, m) }

// build turns m into a MIME message: multipart/alternative with the plain
// text first and the HTML second, both UTF-8 quoted-printable so links stay
// readable in the raw source, plus Date and Message-ID.
func build(from string, m Message, now time.Time) (*gomail.Msg, error) {
	if err := m.Validate(); err != nil {
		return nil, Permanent(err)
	}
	msg := gomail.NewMsg(gomail.WithEncoding(gomail.EncodingQP), gomail.WithCharset(gomail.CharsetUTF8), gomail.WithNoDefaultUserAgent())
	if err := msg.From(from); err != nil {
		return nil, Permanent(fmt.Errorf("mail: from %q: %w", from, err))
	}
	if err := msg.To(m.To); err != nil {
		return nil, Permanent(fmt.Errorf("mail: to: %w", err))
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, Permanent(fmt.Errorf("mail: reply-to: %w", err))
		}
	}
	msg.Subject(m.Subject)
	msg.SetDateWithValue(now)
	if m.ID != "" {
		msg.SetMessageIDWithValue(m.ID + "@" + domainOf(from))
	} else {
		msg.SetMessageID()
	}
	if m.Kind != "" {
		msg.SetGenHeader("X-SPDC-Kind", OneLine(m.Kind))
	}
	msg.SetBodyString(gomail.TypeTextPlain, crlf(m.Text))
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, crlf(m.HTML))
	}
	for _, a := range m.Attachments {
		// A ReadSeeker is rewound each time the message is written, so a
		// message sent again on a fresh connection keeps its files.
		msg.AttachReadSeeker(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
	}
	return msg, nil
}

// Render returns the complete RFC 5322 message that the senders deliver.
func Render(from string, m Message, now time.Time) ([]byte, error) {
	msg, err := build(from, m, now)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("mail: write message: %w", err)
	}
	return b.Bytes(), nil
}

// crlf normalises line ends to CRLF, as SMTP requires.
func crlf(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// domainOf is the domain of the sender address, for Message-ID.
func domainOf(from string) string {
	if i := strings.LastIndexByte(from, '@'); i >= 0 {
		d := strings.TrimRight(from[i+1:], ">")
		if d != "" {
			return d
		}
	}
	return "spdc"
}
