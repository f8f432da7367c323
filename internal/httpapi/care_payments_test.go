package httpapi

import (
	"context"
	"strings"
	"testing"
	"time"

	"spdc/internal/i18n/msgs"
	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// careFundGift writes a gift for purpose that an accountant confirmed,
// its receipt standing: money the fund holds.
func careFundGift(t *testing.T, st *store.Store, purpose string, paise int64, receivedOn string) {
	t.Helper()
	now := time.Now()
	if _, err := st.Writer().ExecContext(context.Background(), `INSERT INTO donations (id, donor_name, resident_of_india, amount_paise,
		reported_paise, paid_on, mode, purpose, receipt_type, consent, status, received_on, receipt_status, created_at, updated_at)
		VALUES (?, 'Radha Devi', TRUE, ?, ?, ?, 'NEFT', ?, 'General', TRUE, 'confirmed', ?, 'issued', ?, ?)`,
		store.NewID(now), paise, paise, receivedOn, purpose, receivedOn, store.Millis(now), store.Millis(now)); err != nil {
		t.Fatal(err)
	}
}

func carePaymentBody(edit func(m map[string]any)) map[string]any {
	m := map[string]any{"kind": "money", "amountPaise": 2_500_00, "purpose": "Health", "service": "healthcare", "paidOn": "2025-02-20",
		"mode": "upi", "reference": "412345678901", "payee": "City Hospital", "description": "Cataract operation"}
	if edit != nil {
		edit(m)
	}
	return m
}

func countPayments(t *testing.T, st *store.Store) int {
	t.Helper()
	var n int
	if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM care_payments`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Recording help: every refusal is a 400 naming its field and stores
// nothing; overdrawing needs an admin's reason; above the threshold a
// second person with payments.approve approves, never the recorder; a
// payment is cancelled with a reason, never deleted; the accountants'
// list and export never name the elder.
func TestCarePaymentsAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		elder := adminSeedDisciple(t, st, "Elder Gopal Das", "approved")
		careFundGift(t, st, "Health", 10_000_00, "2024-06-01")
		coord, admin, acct := e.tokens[roles.Coordinator], e.tokens[roles.Admin], e.tokens[roles.Accountant]
		path := "/api/admin/care/" + elder + "/payments"

		r := e.call("POST", path, carePaymentBody(nil), coord)
		if r.Status != 201 || r.Body["status"] != "approved" || r.Body["createdByName"] != "Staff coordinator" || r.Body["amountPaise"] != float64(2_500_00) {
			t.Fatalf("record: %d %s", r.Status, r.Raw)
		}
		bad := []struct {
			name  string
			edit  func(m map[string]any)
			field string
		}{
			{"zero", func(m map[string]any) { m["amountPaise"] = 0 }, "amountPaise"},
			{"missing amount", func(m map[string]any) { delete(m, "amountPaise") }, "amountPaise"},
			{"fraction of a paisa", func(m map[string]any) { m["amountPaise"] = 10.5 }, "amountPaise"},
			{"future", func(m map[string]any) { m["paidOn"] = "2025-03-02" }, "paidOn"},
			{"fund of another purpose", func(m map[string]any) { m["purpose"] = "Travel" }, "purpose"},
			{"unknown fund", func(m map[string]any) { m["purpose"] = "Gold" }, "purpose"},
			{"unknown service", func(m map[string]any) { m["service"] = "gardening" }, "service"},
			{"no payee", func(m map[string]any) { m["payee"] = "" }, "payee"},
			{"unknown mode", func(m map[string]any) { m["mode"] = "barter" }, "mode"},
			{"unknown field", func(m map[string]any) { m["elderName"] = "x" }, "elderName"},
		}
		for _, c := range bad {
			before := countPayments(t, st)
			r := e.call("POST", path, carePaymentBody(c.edit), coord)
			if r.Status != 400 || r.fieldErrors()[c.field] == nil {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
			}
			if countPayments(t, st) != before {
				t.Errorf("%s stored a payment", c.name)
			}
		}
		// In Hindi, the refusal speaks Hindi.
		hi := e.callWith("POST", path, carePaymentBody(func(m map[string]any) { m["paidOn"] = "2025-04-01" }), coord, map[string]string{"Accept-Language": "hi"})
		if msg, _ := hi.fieldErrors()["paidOn"].(string); hi.Status != 400 || msg == "" || strings.Contains(msg, "future") {
			t.Errorf("Hindi refusal: %s", hi.Raw)
		}

		// 7,500 left: 8,000 would overdraw.
		over := carePaymentBody(func(m map[string]any) { m["amountPaise"] = 8_000_00 })
		if r := e.call("POST", path, over, coord); r.Status != 400 || r.fieldErrors()["overdrawReason"] == nil {
			t.Errorf("overdraw without a reason: %d %s", r.Status, r.Raw)
		}
		over["overdrawReason"] = "Emergency surgery; a gift for it is promised"
		if r := e.call("POST", path, over, coord); r.Status != 403 {
			t.Errorf("a coordinator's overdraw reason: %d %s", r.Status, r.Raw)
		}
		if n := countPayments(t, st); n != 1 {
			t.Fatalf("%d payments after the refusals", n)
		}
		r = e.call("POST", path, over, admin)
		if r.Status != 201 || r.Body["status"] != "awaiting_approval" || r.Body["overdrawReason"] != over["overdrawReason"] {
			t.Fatalf("an admin's overdraw: %d %s", r.Status, r.Raw)
		}
		adminsOwn := r.Body["_id"].(string)
		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/approve", nil, admin); r.Status != 403 || r.message() != msgs.PaymentOwnApproval.En() {
			t.Errorf("approving one's own: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/approve", nil, coord); r.Status != 403 {
			t.Errorf("a coordinator approves: %d %s", r.Status, r.Raw)
		}
		r = e.call("POST", "/api/admin/payments/"+adminsOwn+"/approve", nil, acct)
		if r.Status != 200 || r.Body["status"] != "approved" || r.Body["approvedByName"] != "Staff accountant" {
			t.Fatalf("second person's approval: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/approve", nil, acct); r.Status != 409 {
			t.Errorf("approved twice: %d %s", r.Status, r.Raw)
		}
		f := e.call("GET", "/api/admin/funds", nil, e.tokens[roles.Trustee])
		if f.Status != 200 || !strings.Contains(f.Raw, `{"purpose":"Health","receivedPaise":1000000,"paidPaise":1050000,"awaitingPaise":0,"balancePaise":-50000}`) {
			t.Errorf("funds: %d %s", f.Status, f.Raw)
		}
		if r := e.call("GET", "/api/admin/funds", nil, e.tokens[roles.Editor]); r.Status != 403 {
			t.Errorf("an editor reads the funds: %d", r.Status)
		}

		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/cancel", map[string]any{"reason": ""}, acct); r.Status != 400 || r.fieldErrors()["reason"] == nil {
			t.Errorf("cancel without a reason: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/cancel", map[string]any{"reason": "Paid by the hospital's fund"}, acct); r.Status != 200 || r.Body["status"] != "cancelled" {
			t.Errorf("cancel: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/payments/"+adminsOwn+"/cancel", map[string]any{"reason": "again"}, acct); r.Status != 409 {
			t.Errorf("cancelled twice: %d %s", r.Status, r.Raw)
		}
		if r := e.call("DELETE", "/api/admin/payments/"+adminsOwn, nil, admin); r.Status < 400 {
			t.Errorf("a payment deleted: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/care/"+store.NewID(time.Now())+"/payments", carePaymentBody(nil), coord); r.Status != 404 {
			t.Errorf("payment for no record: %d %s", r.Status, r.Raw)
		}

		// The care record lists the help given, newest first.
		rec := e.call("GET", "/api/admin/care/"+elder, nil, coord)
		if rec.Status != 200 || !strings.Contains(rec.Raw, `"_id":"`+adminsOwn+`"`) || !strings.Contains(rec.Raw, `"cancelReason":"Paid by the hospital's fund"`) {
			t.Errorf("the record's payments: %d %s", rec.Status, rec.Raw)
		}
		if pays, _ := rec.Body["payments"].([]any); len(pays) != 2 {
			t.Errorf("the record lists %d payments", len(pays))
		}

		// The accountants' list: the payments, never the elder.
		list := e.call("GET", "/api/admin/payments", nil, acct)
		exp := e.call("GET", "/api/admin/payments/export.csv", nil, acct)
		if list.Status != 200 || exp.Status != 200 || !strings.Contains(list.Raw, "City Hospital") || !strings.Contains(exp.Raw, "City Hospital") {
			t.Fatalf("payments list: %d %d %s", list.Status, exp.Status, list.Raw)
		}
		for _, raw := range []string{list.Raw, exp.Raw} {
			if strings.Contains(raw, "Gopal") || strings.Contains(raw, elder) {
				t.Errorf("the payments list names the elder: %s", raw)
			}
		}
		if r := e.call("GET", "/api/admin/payments?status=cancelled", nil, acct); r.Status != 200 || strings.Count(r.Raw, `"_id"`) != 1 {
			t.Errorf("cancelled payments: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/payments", nil, coord); r.Status != 403 {
			t.Errorf("a coordinator lists payments: %d", r.Status)
		}
	})
}

// Reports: counts and sums for the roles that read them, never a name,
// as JSON, CSV and PDF; a year's public accounts appear only once an
// admin publishes it.
func TestCareReportsAndAccountsAPI(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		elder := adminSeedDisciple(t, st, "Elder Gopal Das", "approved")
		careFundGift(t, st, "Health", 10_000_00, "2024-06-01")
		if r := e.call("POST", "/api/admin/care/"+elder+"/payments", carePaymentBody(func(m map[string]any) { m["payee"] = "Elder Gopal Das" }),
			e.tokens[roles.Coordinator]); r.Status != 201 {
			t.Fatalf("record: %s", r.Raw)
		}
		// The seed's care record dates from 1970: served this year, not new.
		for _, role := range []string{roles.Trustee, roles.Accountant, roles.Admin} {
			tok := e.tokens[role]
			r := e.call("GET", "/api/admin/reports?fy=2024-25", nil, tok)
			if r.Status != 200 || r.Body["fy"] != "2024-25" || !strings.Contains(r.Raw, `{"month":"2025-02","purpose":"Health","paidPaise":250000,"inKindPaise":0,"count":1}`) ||
				!strings.Contains(r.Raw, `"elders":{"served":1,"new":0}`) {
				t.Errorf("%s report: %d %s", role, r.Status, r.Raw)
			}
			csv := e.call("GET", "/api/admin/reports.csv?fy=2024-25", nil, tok)
			pdf := e.call("GET", "/api/admin/reports.pdf?fy=2024-25", nil, tok)
			if csv.Status != 200 || !strings.Contains(csv.Raw, "2025-02,Health,2500,0,1") || pdf.Status != 200 || !strings.HasPrefix(pdf.Raw, "%PDF") {
				t.Errorf("%s csv %d pdf %d: %s", role, csv.Status, pdf.Status, csv.Raw)
			}
			for _, raw := range []string{r.Raw, csv.Raw, pdf.Raw} {
				if strings.Contains(raw, "Gopal") || strings.Contains(raw, elder) {
					t.Errorf("%s's report names the elder", role)
				}
			}
		}
		// Contacts overdue are counted in the current year's report, on
		// today; a past year's says it does not count them.
		now := e.call("GET", "/api/admin/reports.csv?fy=2024-25", nil, e.tokens[roles.Trustee])
		past := e.call("GET", "/api/admin/reports.csv?fy=2023-24", nil, e.tokens[roles.Trustee])
		if !strings.Contains(now.Raw, "Contacts overdue,0,as of 20") ||
			!strings.Contains(past.Raw, `Contacts overdue,,"counted only in the current year's report, as of today"`) {
			t.Errorf("overdue rows:\n%s\n%s", now.Raw, past.Raw)
		}
		hi := e.callWith("GET", "/api/admin/reports.csv?fy=2024-25", nil, e.tokens[roles.Trustee], map[string]string{"Accept-Language": "hi"})
		if hi.Status != 200 || strings.Contains(hi.Raw, "Elders served") {
			t.Errorf("Hindi CSV: %s", hi.Raw)
		}
		for _, role := range []string{roles.Coordinator, roles.Editor} {
			if r := e.call("GET", "/api/admin/reports?fy=2024-25", nil, e.tokens[role]); r.Status != 403 {
				t.Errorf("%s reads reports: %d", role, r.Status)
			}
		}
		if r := e.call("GET", "/api/admin/reports?fy=2024-2025", nil, e.tokens[roles.Trustee]); r.Status != 400 || r.fieldErrors()["fy"] == nil {
			t.Errorf("bad year: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/admin/reports", nil, e.tokens[roles.Trustee]); r.Status != 200 || r.Body["fy"] != "2024-25" {
			t.Errorf("current year: %d %s", r.Status, r.Raw)
		}

		// Nothing public before publishing.
		if r := e.call("GET", "/api/accounts", nil, ""); r.Status != 200 || r.Raw != "{\"years\":[]}\n" {
			t.Errorf("years before: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/accounts/2024-25", nil, ""); r.Status != 404 {
			t.Errorf("year before publishing: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/reports/2024-25/publish", nil, e.tokens[roles.Trustee]); r.Status != 403 {
			t.Errorf("a trustee publishes: %d", r.Status)
		}
		if r := e.call("POST", "/api/admin/reports/2025-26/publish", nil, e.tokens[roles.Admin]); r.Status != 400 {
			t.Errorf("a year to come published: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/reports/2024-25/publish", nil, e.tokens[roles.Admin]); r.Status != 200 || r.Body["eldersServed"] != float64(1) {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/reports/2024-25/publish", nil, e.tokens[roles.Admin]); r.Status != 409 {
			t.Errorf("published twice: %d %s", r.Status, r.Raw)
		}
		if r := e.call("GET", "/api/accounts", nil, ""); r.Status != 200 || r.Raw != "{\"years\":[\"2024-25\"]}\n" {
			t.Errorf("years after: %d %s", r.Status, r.Raw)
		}
		for _, lang := range []string{"en", "hi", "bn"} {
			r := e.callWith("GET", "/api/accounts/2024-25", nil, "", map[string]string{"Accept-Language": lang})
			if r.Status != 200 || !strings.Contains(r.Raw, `{"purpose":"Health","receivedPaise":1000000,"paidPaise":250000}`) ||
				strings.Contains(r.Raw, "Gopal") || strings.Contains(r.Raw, elder) {
				t.Errorf("public year in %s: %d %s", lang, r.Status, r.Raw)
			}
		}
		if r := e.call("GET", "/api/admin/reports?fy=2024-25", nil, e.tokens[roles.Trustee]); r.Body["published"] != true {
			t.Errorf("report not marked published: %s", r.Raw)
		}
	})
}

// The approval threshold is a setting the admin edits with the others:
// a whole number of paise from zero up, never on the public site, and the
// payments follow it.
func TestCareApprovalThresholdSetting(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withStaffRoles())
		admin := e.tokens[roles.Admin]
		settings := func() map[string]any {
			r := e.call("GET", "/api/admin/site/settings", nil, admin)
			if r.Status != 200 {
				t.Fatalf("settings: %d %s", r.Status, r.Raw)
			}
			return r.Body
		}
		for _, bad := range []any{-1, 1.5, "5000", 10_00_00_000*100 + 1} {
			before := settings()
			r := e.call("PUT", "/api/admin/site/settings", map[string]any{"careApprovalThresholdPaise": bad, "__v": before["__v"]}, admin)
			if r.Status != 400 || r.fieldErrors()["careApprovalThresholdPaise"] == nil {
				t.Errorf("threshold %v: %d %s", bad, r.Status, r.Raw)
			}
			if after := settings(); after["__v"] != before["__v"] {
				t.Errorf("threshold %v changed the settings", bad)
			}
		}
		if r := e.call("PUT", "/api/admin/site/settings", map[string]any{"careApprovalThresholdPaise": 1_000_00, "__v": settings()["__v"]}, admin); r.Status != 200 {
			t.Fatalf("set threshold: %d %s", r.Status, r.Raw)
		}
		if got := settings()["careApprovalThresholdPaise"]; got != float64(1_000_00) {
			t.Errorf("threshold read back as %v", got)
		}
		if r := e.call("GET", "/api/site", nil, ""); strings.Contains(r.Raw, "careApprovalThreshold") {
			t.Error("the public site carries the approval threshold")
		}
		elder := adminSeedDisciple(t, st, "Elder Gopal Das", "approved")
		careFundGift(t, st, "Health", 10_000_00, "2024-06-01")
		r := e.call("POST", "/api/admin/care/"+elder+"/payments", carePaymentBody(func(m map[string]any) { m["amountPaise"] = 1_000_01 }), e.tokens[roles.Coordinator])
		if r.Status != 201 || r.Body["status"] != "awaiting_approval" {
			t.Errorf("above the set threshold: %d %s", r.Status, r.Raw)
		}
	})
}
