package auth

import "strings"

// dotBlindDomains are mail providers that ignore dots in the local part
// (j.smith@gmail.com and jsmith@gmail.com are one mailbox).
var dotBlindDomains = map[string]string{"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}

// MailboxKey is the mailbox an address delivers to, for counting mail per
// recipient: lower-cased, without a "+tag" (name+x@host reaches name@host
// on most providers), and without dots where the provider ignores them.
// It is a key for limits, never an address to send to.
func MailboxKey(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return email
	}
	local, domain := email[:at], email[at+1:]
	if plus := strings.IndexByte(local, '+'); plus > 0 {
		local = local[:plus]
	}
	if canon, ok := dotBlindDomains[domain]; ok {
		local, domain = strings.ReplaceAll(local, ".", ""), canon
	}
	return local + "@" + domain
}
