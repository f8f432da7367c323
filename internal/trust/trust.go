// Package trust decides whether a referrer's confirmation of a disciple
// may approve the registration by itself, or must wait for an admin.
//
// The model: admins keep a directory of known referrers (temple presidents
// and authorities). The confirmation link goes only to the address the
// applicant named (or picked from the directory), so whoever answers it
// controls that mailbox. A confirmation approves outright only when that
// mailbox is in the directory, the person answering gives that same
// address, and none of the referrer's contact details is the applicant's
// own (compared as the mailbox an address delivers to, and phones in
// international form). Anything else is held as "confirmed — needs review"
// with the reasons, for an admin to accept or reject.
package trust

import (
	"strings"
)

// dotlessDomains are providers that ignore dots in the local part, with the
// domain each one delivers as: a.b.c@googlemail.com reaches abc@gmail.com.
var dotlessDomains = map[string]string{
	"gmail.com":      "gmail.com",
	"googlemail.com": "gmail.com",
}

// CanonicalEmail returns the mailbox an address delivers to, as far as the
// address alone tells: lower-cased, without a "+tag" in the local part
// (sub-addressing, which most providers offer), and for providers that
// ignore dots, without dots and under one domain name. Two addresses with
// the same canonical form reach the same person.
func CanonicalEmail(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	at := strings.LastIndexByte(email, '@')
	if at <= 0 {
		return email
	}
	local, domain := email[:at], strings.TrimSuffix(email[at+1:], ".")
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i]
	}
	if d, ok := dotlessDomains[domain]; ok {
		local, domain = strings.ReplaceAll(local, ".", ""), d
	}
	return local + "@" + domain
}

// canonicalPhone keeps the digits of a phone number already in
// international form (+919876543210), so that stray spaces or dashes never
// hide a match; "" when there are too few digits to be a number.
func canonicalPhone(phone string) string {
	var b strings.Builder
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if b.Len() < 6 {
		return ""
	}
	return b.String()
}

// Contacts are one person's email addresses and phone numbers (phones in
// international form); empty values are ignored.
type Contacts struct {
	Emails []string
	Phones []string
}

// HasEmail reports whether email reaches one of c's mailboxes.
func (c Contacts) HasEmail(email string) bool {
	k := CanonicalEmail(email)
	if k == "" {
		return false
	}
	for _, e := range c.Emails {
		if CanonicalEmail(e) == k {
			return true
		}
	}
	return false
}

// HasPhone reports whether phone is one of c's phones.
func (c Contacts) HasPhone(phone string) bool {
	k := canonicalPhone(phone)
	if k == "" {
		return false
	}
	for _, p := range c.Phones {
		if canonicalPhone(p) == k {
			return true
		}
	}
	return false
}

// Entry is one referrer of the directory.
type Entry struct {
	ID    string
	Email string
	Phone string
	Name  string
}

// nameKey is how two names are compared for lookalikes: case folded and
// every space removed, so "Keshava Swami", "keshava  swami" and
// "KeshavaSwami" are one name.
func nameKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), ""))
}

// SameName returns the directory entry whose name matches name once case
// and spaces are ignored, or nil. A new entry with such a name may be a
// lookalike of a trusted referrer, so the admin confirms it first.
func SameName(dir []Entry, name string) *Entry {
	return findBy(dir, nameKey(name), func(e *Entry) string { return nameKey(e.Name) })
}

// Find returns the directory entry whose email reaches the same mailbox as
// email, or nil.
func Find(dir []Entry, email string) *Entry {
	return findBy(dir, CanonicalEmail(email), func(e *Entry) string { return CanonicalEmail(e.Email) })
}

// findBy returns the first entry whose key is k, or nil for an empty k.
func findBy(dir []Entry, k string, key func(*Entry) string) *Entry {
	if k == "" {
		return nil
	}
	for i := range dir {
		if key(&dir[i]) == k {
			return &dir[i]
		}
	}
	return nil
}

// Confirmation is a referrer's answer to a confirmation link.
type Confirmation struct {
	LinkEmail string // where the link was sent: the mailbox the answer proves
	Email     string // the email the referrer typed
	Phone     string // the phone the referrer typed, international form
}

// Verdict is the outcome of Assess: the reasons an admin must review the
// confirmation, none when it may approve by itself.
type Verdict struct {
	Entry   *Entry // the directory entry of the link's address, if any
	Reasons []string
}

// Trusted reports whether the confirmation approves without review.
func (v Verdict) Trusted() bool { return len(v.Reasons) == 0 }

// Reason joins the reasons into one sentence list for the admin.
func (v Verdict) Reason() string { return strings.Join(v.Reasons, " ") }

// Assess decides whether a confirmation from c may approve an applicant
// with the contact details applicant, given the referrer directory dir.
func Assess(applicant Contacts, c Confirmation, dir []Entry) Verdict {
	var v Verdict
	add := func(reason string) {
		for _, r := range v.Reasons {
			if r == reason {
				return
			}
		}
		v.Reasons = append(v.Reasons, reason)
	}
	v.Entry = Find(dir, c.LinkEmail)
	if v.Entry == nil {
		add("The address the link was sent to (" + c.LinkEmail + ") is not in the referrer directory.")
	} else if c.Email != "" && CanonicalEmail(c.Email) != CanonicalEmail(v.Entry.Email) {
		add("The person who confirmed gave another email (" + c.Email + ") than the directory address the link was sent to.")
	}
	emails := []string{c.LinkEmail, c.Email}
	phones := []string{c.Phone}
	if v.Entry != nil {
		emails, phones = append(emails, v.Entry.Email), append(phones, v.Entry.Phone)
	}
	for _, e := range emails {
		if applicant.HasEmail(e) {
			add("The referrer's email (" + e + ") reaches the applicant's own mailbox.")
		}
	}
	for _, p := range phones {
		if applicant.HasPhone(p) {
			add("The referrer's phone (" + p + ") is the applicant's own phone.")
		}
	}
	return v
}
