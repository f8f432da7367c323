// Package roles declares the staff's roles and what each may do: the one
// table the server's routes, the dashboard's list engine and the web app
// all read.
//
// A member of staff holds one or more roles; a role grants permissions;
// each route of the API names the one permission it needs. A signed-in
// person without a role is not staff and reaches no /api/admin route.
package roles

import (
	"slices"
	"sort"
	"strings"
)

// The roles an admin can give.
const (
	Admin       = "admin"       // everything, including staff and settings
	Coordinator = "coordinator" // the people the program serves and who help
	Accountant  = "accountant"  // gifts, receipts, bank import, statements
	Editor      = "editor"      // the site's pages, pictures and videos
	Trustee     = "trustee"     // counts and sums, never a name
)

// All lists every role, in the order the Staff view shows them.
var All = []string{Admin, Coordinator, Accountant, Editor, Trustee}

// Perm is one thing a member of staff may do.
type Perm string

// The permissions. Reading a list of people includes opening their full
// records; writing includes notes, replies, owners, status and deletes.
const (
	// Staff marks a route any member of staff may use (their own
	// notification settings, the dashboard's tab list, which the server
	// filters by the other permissions).
	Staff Perm = "staff"
	// PeopleRead and PeopleWrite cover the elders (disciples and pending
	// confirmations), referrers, volunteers, hosts, messages and
	// subscribers, and assisted registrations.
	PeopleRead  Perm = "people.read"
	PeopleWrite Perm = "people.write"
	// DonationsRead and DonationsWrite cover gifts, donors' details,
	// receipts, the bank import and the annual statement.
	DonationsRead  Perm = "donations.read"
	DonationsWrite Perm = "donations.write"
	// ContentWrite covers the site's pages, collections and media.
	ContentWrite Perm = "content.write"
	// ReportsRead is counts and sums with no personal data.
	ReportsRead Perm = "reports.read"
	// StaffList is the names and roles of the staff (the owner picker);
	// StaffManage gives and takes roles.
	StaffList   Perm = "staff.list"
	StaffManage Perm = "staff.manage"
	// AccountsManage covers the accounts people register.
	AccountsManage Perm = "accounts.manage"
	// SettingsWrite covers the site's settings.
	SettingsWrite Perm = "settings.write"
	// AuditRead covers the audit log and the access log.
	AuditRead Perm = "audit.read"
	// MailRead covers the mail log and its retries.
	MailRead Perm = "mail.read"
	// PrivacyManage covers grievances and personal data breaches.
	PrivacyManage Perm = "privacy.manage"
	// CareRead and CareWrite cover the care register: the elders' care
	// records (assessments, plan, contacts) and the partners directory.
	CareRead  Perm = "care.read"
	CareWrite Perm = "care.write"
	// PaymentsApprove is the second person's approval of a payment of
	// help above the threshold, and cancelling a payment.
	PaymentsApprove Perm = "payments.approve"
	// FundsRead is each donation purpose's balance: gifts received
	// against help paid, sums only.
	FundsRead Perm = "funds.read"
)

// grants is the role → permissions table.
var grants = map[string][]Perm{
	Admin: {Staff, PeopleRead, PeopleWrite, DonationsRead, DonationsWrite, ContentWrite, ReportsRead,
		StaffList, StaffManage, AccountsManage, SettingsWrite, AuditRead, MailRead, PrivacyManage,
		CareRead, CareWrite, PaymentsApprove, FundsRead},
	Coordinator: {Staff, PeopleRead, PeopleWrite, StaffList, CareRead, CareWrite, FundsRead},
	Accountant:  {Staff, DonationsRead, DonationsWrite, PaymentsApprove, FundsRead, ReportsRead},
	Editor:      {Staff, ContentWrite},
	Trustee:     {Staff, ReportsRead, FundsRead},
}

// AllPerms lists every permission some role grants, sorted.
func AllPerms() []Perm {
	seen := map[Perm]bool{}
	for _, ps := range grants {
		for _, p := range ps {
			seen[p] = true
		}
	}
	out := make([]Perm, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Valid reports whether name is a role.
func Valid(name string) bool { return slices.Contains(All, name) }

// Normalize trims and lower-cases names, drops repeats and sorts them in
// the order of All; ok is false when one of them is not a role.
func Normalize(names []string) (out []string, ok bool) {
	set := map[string]bool{}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if !Valid(n) {
			return nil, false
		}
		set[n] = true
	}
	out = []string{}
	for _, r := range All {
		if set[r] {
			out = append(out, r)
		}
	}
	return out, true
}

// Has reports whether someone holding roles may do p.
func Has(roles []string, p Perm) bool {
	for _, r := range roles {
		if slices.Contains(grants[r], p) {
			return true
		}
	}
	return false
}

// Perms lists the permissions roles grant together, sorted.
func Perms(roles []string) []string {
	out := []string{}
	for _, p := range AllPerms() {
		if Has(roles, p) {
			out = append(out, string(p))
		}
	}
	return out
}

// TabRead and TabWrite stand, in a route's declaration, for the read or
// write permission of the dashboard list its {tab} names (see Tab).
const (
	TabRead  Perm = "tab.read"
	TabWrite Perm = "tab.write"
)

// tabs is the read and write permission of each list of the dashboard
// (receipts are the donations' receipt PDFs).
var tabs = map[string][2]Perm{
	"users":             {AccountsManage, AccountsManage},
	"disciples":         {PeopleRead, PeopleWrite},
	"pending-disciples": {PeopleRead, PeopleWrite},
	"volunteers":        {PeopleRead, PeopleWrite},
	"hosts":             {PeopleRead, PeopleWrite},
	"messages":          {PeopleRead, PeopleWrite},
	"subscribers":       {PeopleRead, PeopleWrite},
	"referrers":         {PeopleRead, PeopleWrite},
	"donations":         {DonationsRead, DonationsWrite},
	"receipts":          {DonationsRead, DonationsWrite},
	"grievances":        {PrivacyManage, PrivacyManage},
	"mail":              {MailRead, MailRead},
	"audit":             {AuditRead, AuditRead},
	"payments":          {PaymentsApprove, PaymentsApprove},
	"care":              {CareRead, CareWrite},
	"partners":          {CareRead, CareWrite},
}

// Tab resolves TabRead or TabWrite for the list tab; ok is false for a
// list that does not exist.
func Tab(tab string, p Perm) (Perm, bool) {
	ps, ok := tabs[tab]
	if !ok {
		return "", false
	}
	if p == TabWrite {
		return ps[1], true
	}
	return ps[0], true
}

// Tabs lists the names of the lists the table knows.
func Tabs() []string {
	out := make([]string, 0, len(tabs))
	for t := range tabs {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
