package store

import (
	"strings"

	"spdc/internal/entity"
)

// privacyPolicyBody is the Privacy page as first seeded. Its list of the
// data each form asks for, and why, is written from the forms' notices
// (which a test keeps equal to the forms' fields), so the page says what
// the site really collects; admins may reword the page later.
func privacyPolicyBody() string {
	var b strings.Builder
	b.WriteString("SPDC collects only what it needs to care for elderly disciples and to work with the volunteers, hosts and donors who help them. This policy explains what we collect, why, how long we keep it, and what you can ask us to do with it.\n\n")
	b.WriteString("## Information we collect\n\n")
	b.WriteString("- Account details you give us: your full name (to address you), e-mail address and mobile number (to sign you in and reach you), address (for help near you), and your password, stored only in a scrambled form we cannot read.\n")
	for _, n := range entity.Notices {
		b.WriteString("\n### " + n.Title + "\n\n")
		for _, it := range n.Items {
			b.WriteString("- " + it.Label + ": " + it.Purpose + "\n")
		}
		b.WriteString("\n" + n.Keep + "\n")
	}
	b.WriteString("\n### Requests to our grievance officer\n\n- Your name, e-mail address or phone number and your message: to answer you.\n\n")
	b.WriteString("Technical records, such as the time of a request, are kept to protect the site against misuse. The log of what admins changed is kept at least one year.\n\n")
	b.WriteString("## Sharing\n\nWe share information only with ISKCON centres or authorised personnel who take part in a person’s care, and only as much as they need. We never sell your information and never use or share it for marketing.\n\n")
	b.WriteString("## Security\n\nInformation is kept on secured servers, sent over encrypted connections and available only to authorised coordinators. PAN and Aadhaar numbers are stored encrypted and shown masked. Passwords are never stored in readable form.\n\n")
	b.WriteString("## Your rights\n\n")
	b.WriteString("- See your data: in My Account, under My data, download everything we hold about you.\n")
	b.WriteString("- Correct it: yourself in My Account, or by writing to us.\n")
	b.WriteString("- Withdraw your consent: in My Account, next to each form; the form is then erased.\n")
	b.WriteString("- Erase it: delete your account in My Account; your data is erased at once, except donation records, which the law requires us to keep for ten years.\n")
	b.WriteString("- Name someone to act for you if you die or cannot act yourself: in My Account.\n")
	b.WriteString("- Complain: write to our grievance officer below; we answer within 90 days. You may also complain to the Data Protection Board of India.\n\n")
	b.WriteString("## Changes to this policy\n\nIf we change this policy we will publish the new version on this page with its date. Important changes will also be announced on the home page.")
	return b.String()
}
