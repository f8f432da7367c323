package store

import (
	"spdc/internal/entity"
	"spdc/internal/list"
)

// discipleExprs show a pending registration's status as "awaiting".
var discipleExprs = map[string]string{"status": "CASE status WHEN 'pending' THEN 'awaiting' WHEN 'review' THEN '" + DiscipleReviewShown + "' ELSE status END"}

// adminTabs is every tab of the dashboard the store lists, in the order
// the page shows them.
var adminTabs = []*AdminTab{
	list.EntityTab(entity.Users, AdminTab{Table: "users", ReadOnlyKeys: []string{"password", "passwordHash", "password_hash"}},
		map[string]string{"mobile": "COALESCE(mobile, '')"}),
	list.EntityTab(entity.Disciples, AdminTab{Table: "disciples", Filter: "status = 'approved'",
		ReadOnlyKeys: []string{"token", "tokenHash", "approvalToken"}}, discipleExprs),
	list.EntityTab(entity.PendingDisciples, AdminTab{Table: "disciples", Filter: "status <> 'approved'",
		StatusConds: map[string]string{
			"awaiting":          "status = 'pending'",
			"expired":           "status = 'expired'",
			"declined":          "status = 'declined'",
			DiscipleReviewShown: "status = 'review'",
			"rejected":          "status = 'rejected'",
		}}, discipleExprs),
	list.EntityTab(entity.Volunteers, AdminTab{Table: "volunteers"}, nil),
	list.EntityTab(entity.Hosts, AdminTab{Table: "hosts"}, nil),
	list.EntityTab(entity.Messages, AdminTab{Table: "messages"}, nil),
	list.EntityTab(entity.Subscribers, AdminTab{Table: "subscribers", SearchFields: true, CountsNew: true}, nil),
	list.EntityTab(entity.Donations, AdminTab{Table: "donations"}, donationExprs),
	list.EntityTab(entity.Payments, AdminTab{Table: "care_payments", SearchFields: true,
		FilterKeys: []string{"status", "purpose"}}, paymentExprs),
	list.EntityTab(entity.Referrers, AdminTab{Table: "referrers"}, nil),
	list.EntityTab(entity.Grievances, AdminTab{Table: "grievances", DefaultSort: "status DESC, due_at, id"}, nil),
	list.EntityTab(entity.Care, AdminTab{Table: "care_records", FilterKeys: []string{"status"}, CondFilters: careFilters}, careExprs),
	list.EntityTab(entity.Partners, AdminTab{Table: "care_partners"}, nil),
	list.EntityTab(entity.Mail, AdminTab{Table: "outbox", SearchFields: true, FilterKeys: []string{"status"}},
		map[string]string{"to": "to_addr", "nextAttemptAt": "CASE WHEN status = 'pending' THEN next_attempt_at END",
			"status": "CASE WHEN status = 'sent' AND to_file = 1 THEN '" + entity.MailWrittenToFile + "' ELSE status END"}),
	list.EntityTab(entity.Audit, AdminTab{Table: "audit_log",
		SearchExpr:  "lower(actor_email || ' ' || action || ' ' || entity || ' ' || entity_id)",
		DefaultSort: "created_at DESC, id DESC"},
		map[string]string{"before": "before_json", "after": "after_json"}),
}

// entityHooks are the entities' own rules in the list engine, each
// declared in the entity's file, by table.
var entityHooks = map[string]func(*list.Hooks){
	"users":         userHooks,
	"disciples":     discipleHooks,
	"donations":     donationHooks,
	"care_payments": paymentHooks,
}

func init() {
	for _, t := range adminTabs {
		t.Hooks = tabHooks(t)
		staffTab(t)
		list.Ready(t)
	}
}

// tabHooks gathers a tab's hooks: a taken unique value named as a
// DuplicateError, a person or a submission erased rather than deleted
// (erase.go), a reference typed any way found by its written form
// (refs.go), and the entity's own (entityHooks).
func tabHooks(t *AdminTab) list.Hooks {
	h := list.Hooks{Unique: duplicateHook(t.Table)}
	if IsErasable(t.Table) {
		erasureHooks(&h, t.Table)
	}
	if t.Field("ref") != nil {
		h.RefTerm = ParseRef
	}
	if own := entityHooks[t.Table]; own != nil {
		own(&h)
	}
	return h
}

// AdminTabByName returns the tab of a URL segment, or nil.
func AdminTabByName(name string) *AdminTab {
	for _, t := range adminTabs {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// AdminTabs returns every tab, in page order.
func AdminTabs() []*AdminTab { return adminTabs }
