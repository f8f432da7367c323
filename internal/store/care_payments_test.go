package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"spdc/internal/care"
	"spdc/internal/india"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// careElder registers and approves a disciple, which gives the elder a
// care record (of the disciple's id).
func careElder(t testing.TB, st *store.Store, name string, at time.Time) string {
	t.Helper()
	ctx := context.Background()
	d := &store.Disciple{FullName: name, InitiationName: name + " Das", TemplePresidentEmail: "tp@example.org"}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		if _, err := store.InsertPendingDisciple(ctx, tx, d, at); err != nil {
			return err
		}
		return store.ApproveDisciple(ctx, tx, d, store.Approval{ReferrerName: "Ref Name", ReferrerPosition: "Temple President",
			ReferrerContact: "+91 1", ReferrerEmail: "ref@example.org"}, at)
	})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM care_records WHERE id = ?`, d.ID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("no care record for the approved disciple: %d %v", n, err)
	}
	return d.ID
}

// careGift writes a gift confirmed on receivedOn for purpose, its receipt
// issued (or, with status "reported", a gift not yet confirmed).
func careGift(t testing.TB, st *store.Store, purpose string, paise int64, receivedOn, status string) {
	t.Helper()
	receipt := ""
	if status == "confirmed" {
		receipt = "issued"
	}
	now := time.Now()
	_, err := st.Writer().ExecContext(context.Background(), `INSERT INTO donations (id, donor_name, resident_of_india, amount_paise, reported_paise,
		paid_on, mode, purpose, receipt_type, consent, status, received_on, receipt_status, created_at, updated_at)
		VALUES (?, 'Radha Devi', TRUE, ?, ?, ?, 'UPI', ?, 'General', TRUE, ?, ?, ?, ?, ?)`,
		store.NewID(now), paise, paise, receivedOn, purpose, status, receivedOn, receipt, store.Millis(now), store.Millis(now))
	if err != nil {
		t.Fatal(err)
	}
}

func payment(purpose, service string, paise int64, paidOn string) care.Payment {
	return care.Payment{Kind: care.KindMoney, AmountPaise: paise, Purpose: purpose, Service: service, PaidOn: paidOn, Mode: "upi",
		Reference: "412345678901", Payee: "City Hospital", Description: "Treatment"}
}

func fundOf(t *testing.T, st *store.Store, purpose string) care.Fund {
	t.Helper()
	funds, err := st.Funds(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range funds {
		if f.Purpose == purpose {
			return f
		}
	}
	t.Fatalf("no fund %s in %+v", purpose, funds)
	return care.Fund{}
}

// A fund's balance is its confirmed gifts less the approved money paid
// from it; help above the threshold waits for a second person, who
// cannot be the recorder; money that would overdraw needs a reason;
// a cancelled payment leaves the sums and is kept.
func TestCarePaymentsFundsAndApproval(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		elder := careElder(t, st, "Gopal", time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
		careGift(t, st, "Health", 10_000_00, "2026-06-01", "confirmed")
		careGift(t, st, "Health", 3_000_00, "2026-06-02", "reported") // not yet money the trust holds
		coord := store.Actor{ID: "coord-1", Email: "coord@example.org"}
		acct := store.Actor{ID: "acct-1", Email: "acct@example.org"}

		small, err := st.RecordPayment(ctx, elder, payment("Health", "healthcare", 2_500_00, "2026-07-01"), coord)
		if err != nil || small.Status != care.StatusApproved || small.ApprovedAt == nil || small.RecordID != elder {
			t.Fatalf("small payment: %+v %v", small, err)
		}
		big, err := st.RecordPayment(ctx, elder, payment("Health", "healthcare", 6_000_00, "2026-07-02"), coord)
		if err != nil || big.Status != care.StatusAwaiting || big.ApprovedAt != nil {
			t.Fatalf("big payment: %+v %v", big, err)
		}
		if f := fundOf(t, st, "Health"); f != care.NewFund("Health", 10_000_00, 2_500_00, 6_000_00) {
			t.Fatalf("fund %+v", f)
		}
		// 7,500 held, 6,000 promised: 2,000 more would overdraw.
		var over *store.OverdrawError
		if _, err := st.RecordPayment(ctx, elder, payment("Health", "healthcare", 2_000_00, "2026-07-03"), coord); !errors.As(err, &over) || over.Fund.Balance != 7_500_00 {
			t.Fatalf("overdraw: %v", err)
		}
		p := payment("Health", "healthcare", 2_000_00, "2026-07-03")
		p.OverdrawReason = "Emergency surgery; a gift is promised"
		reasoned, err := st.RecordPayment(ctx, elder, p, store.Actor{ID: "admin-1", Email: "admin@example.org"})
		if err != nil || reasoned.OverdrawReason != p.OverdrawReason || reasoned.Status != care.StatusApproved {
			t.Fatalf("overdraw with a reason: %+v %v", reasoned, err)
		}
		// A reason where nothing is overdrawn is not kept.
		q := payment("Health", "healthcare", 1_00, "2026-07-03")
		q.Kind, q.OverdrawReason, q.Description = care.KindInKind, "not needed", "Medicines"
		inKind, err := st.RecordPayment(ctx, elder, q, coord)
		if err != nil || inKind.OverdrawReason != "" {
			t.Fatalf("in kind: %+v %v", inKind, err)
		}

		if _, err := st.ApprovePayment(ctx, big.ID, coord); !errors.Is(err, store.ErrOwnApproval) {
			t.Fatalf("own approval: %v", err)
		}
		// Approving now would overdraw (10,000 - 4,500 paid < 6,000).
		if _, err := st.ApprovePayment(ctx, big.ID, acct); !errors.As(err, &over) {
			t.Fatalf("approval that overdraws: %v", err)
		}
		careGift(t, st, "Health", 5_000_00, "2026-07-04", "confirmed")
		approved, err := st.ApprovePayment(ctx, big.ID, acct)
		if err != nil || approved.Status != care.StatusApproved || approved.ApprovedBy != acct.ID || approved.ApprovedAt == nil || approved.Version != 1 {
			t.Fatalf("approve: %+v %v", approved, err)
		}
		if _, err := st.ApprovePayment(ctx, big.ID, acct); !errors.Is(err, store.ErrPaymentNotAwaiting) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second approval: %v", err)
		}
		if f := fundOf(t, st, "Health"); f != care.NewFund("Health", 15_000_00, 10_500_00, 0) {
			t.Fatalf("fund after approval %+v", f)
		}
		cancelled, err := st.CancelPayment(ctx, small.ID, "Paid twice by mistake", acct)
		if err != nil || cancelled.Status != care.StatusCancelled || cancelled.CancelReason != "Paid twice by mistake" {
			t.Fatalf("cancel: %+v %v", cancelled, err)
		}
		if _, err := st.CancelPayment(ctx, small.ID, "again", acct); !errors.Is(err, store.ErrPaymentCancelled) {
			t.Fatalf("second cancel: %v", err)
		}
		if f := fundOf(t, st, "Health"); f.Paid != 8_000_00 || f.Balance != 7_000_00 {
			t.Fatalf("fund after cancel %+v", f)
		}
		list, err := st.PaymentsOfRecord(ctx, elder)
		if err != nil || len(list) != 4 {
			t.Fatalf("record's payments: %d %v", len(list), err)
		}
		if _, err := st.RecordPayment(ctx, store.NewID(time.Now()), payment("Health", "healthcare", 1_00, "2026-07-01"), coord); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("payment for no record: %v", err)
		}
		var audits int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity = 'payments'`).Scan(&audits); err != nil || audits != 6 {
			t.Fatalf("audit entries %d %v", audits, err)
		}
	})
}

// The threshold is the Settings' careApprovalThresholdPaise when set.
func TestCarePaymentThresholdFromSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		elder := careElder(t, st, "Gopal", time.Now())
		careGift(t, st, "General", 100_000_00, "2026-06-01", "confirmed")
		if th, err := store.ApprovalThreshold(ctx, st.Reader()); err != nil || th != care.DefaultThresholdPaise {
			t.Fatalf("default threshold %d %v", th, err)
		}
		doc, v, err := st.SiteSettings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		doc["careApprovalThresholdPaise"] = int64(1_000_00)
		if _, err := st.PutSiteSettings(ctx, doc, v, store.Actor{ID: "admin", Email: "admin@example.org"}); err != nil {
			t.Fatal(err)
		}
		p, err := st.RecordPayment(ctx, elder, payment("General", "financial", 1_000_01, "2026-07-01"), store.Actor{ID: "c"})
		if err != nil || p.Status != care.StatusAwaiting {
			t.Fatalf("above the set threshold: %+v %v", p, err)
		}
	})
}

// Two server instances (two Store handles on one database) paying from
// one fund at once never both pass the balance check: ten payments of
// ₹1,000 from each against a fund of ₹10,000 leave exactly ten paid and
// the balance at zero, never below.
func TestCarePaymentsConcurrentInstances(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			one := storetest.OpenURL(t, b.URL)
			two := storetest.OpenURL(t, b.URL)
			elder := careElder(t, one, "Gopal", time.Now())
			careGift(t, one, "Travel", 10_000_00, "2026-06-01", "confirmed")
			paid, refused := racing(t, 20, one, two, func(st *store.Store, _ int) error {
				_, err := st.RecordPayment(ctx, elder, payment("Travel", "relocation", 1_000_00, "2026-07-01"), store.Actor{ID: "c"})
				return err
			}, func(err error) bool {
				var over *store.OverdrawError
				return errors.As(err, &over)
			})
			if paid != 10 || refused != 10 {
				t.Fatalf("paid %d, refused %d", paid, refused)
			}
			if f := fundOf(t, two, "Travel"); f.Balance != 0 || f.Paid != 10_000_00 {
				t.Fatalf("fund %+v", f)
			}
		})
	}
}

// The report of a year on a fixed data set: elders served and new, needs
// open and met, contacts overdue, help by month and fund, gifts against
// help; publishing freezes the public figures once.
func TestCareReportFigures(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		in := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 6, 0, 0, 0, india.IST) }
		a := careElder(t, st, "Gopal", in(2026, 5, 1))
		b := careElder(t, st, "Sita", in(2026, 9, 1))
		c := careElder(t, st, "Old", in(2025, 5, 1)) // came the year before, served in it only
		careGift(t, st, "Health", 20_000_00, "2026-04-10", "confirmed")
		careGift(t, st, "General", 5_000_00, "2027-03-31", "confirmed")
		careGift(t, st, "General", 7_000_00, "2027-04-01", "confirmed") // the next year
		careGift(t, st, "Travel", 9_000_00, "2026-06-01", "reported")
		w := st.Writer()
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := w.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		now := store.Millis(time.Now())
		// Elder a: assessed twice; the latest needs healthcare (met) and
		// financial (open). Elder b: needs healthcare (open).
		exec(`INSERT INTO care_assessments (id, record_id, assessed_on, created_at) VALUES ('as1', ?, '2026-05-02', ?), ('as2', ?, '2026-08-01', ?), ('as3', ?, '2026-09-02', ?)`,
			a, now, a, now, b, now)
		exec(`INSERT INTO care_needs (assessment_id, record_id, service, priority) VALUES ('as1', ?, 'advocacy', 'low'),
			('as2', ?, 'healthcare', 'high'), ('as2', ?, 'financial', 'normal'), ('as3', ?, 'healthcare', 'urgent')`, a, a, a, b)
		exec(`INSERT INTO care_actions (id, record_id, service, action, status, created_at, updated_at) VALUES
			('ac1', ?, 'healthcare', 'Eye operation', 'done', ?, ?), ('ac2', ?, 'healthcare', 'Doctor visit', 'planned', ?, ?)`, a, now, now, b, now, now)
		exec(`INSERT INTO care_contacts (id, record_id, contact_on, kind, summary, created_at) VALUES ('co1', ?, '2025-06-01', 'call', 'hello', ?)`, c, now)
		exec(`UPDATE care_records SET next_contact_due = '2026-10-01' WHERE id = ?`, b)
		// The rows above were stored directly: the migration that fills the
		// report's summaries for existing rows fills theirs.
		storetest.Rerun(t, st, 421)
		coord := store.Actor{ID: "c"}
		for _, p := range []care.Payment{
			payment("Health", "healthcare", 3_000_00, "2026-05-15"),
			payment("Health", "health_assessment", 1_000_00, "2026-05-20"),
			payment("Health", "healthcare", 4_000_00, "2027-03-31"),
		} {
			if _, err := st.RecordPayment(ctx, a, p, coord); err != nil {
				t.Fatal(err)
			}
		}
		kind := payment("General", "financial", 500_00, "2026-12-01")
		kind.Kind, kind.Description = care.KindInKind, "Blankets"
		if _, err := st.RecordPayment(ctx, b, kind, coord); err != nil {
			t.Fatal(err)
		}
		waiting, err := st.RecordPayment(ctx, b, payment("Health", "healthcare", 6_000_00, "2026-06-01"), coord) // awaiting: not in the report
		if err != nil || waiting.Status != care.StatusAwaiting {
			t.Fatalf("awaiting %+v %v", waiting, err)
		}

		r, err := st.CareReport(ctx, india.FY(2026), "2026-11-27")
		if err != nil {
			t.Fatal(err)
		}
		if r.FY != "2026-27" || r.From != "2026-04-01" || r.To != "2027-03-31" || r.Published {
			t.Errorf("head %+v", r)
		}
		if r.Elders != (care.EldersCount{Served: 2, New: 2}) || r.ContactsOverdue != 1 || r.OverdueAsOf != "2026-11-27" {
			t.Errorf("elders %+v, overdue %d as of %q", r.Elders, r.ContactsOverdue, r.OverdueAsOf)
		}
		needs := map[string]care.NeedCount{}
		for _, n := range r.Needs {
			needs[n.Service] = n
		}
		if needs["healthcare"] != (care.NeedCount{Service: "healthcare", Open: 1, Met: 1}) || needs["financial"] != (care.NeedCount{Service: "financial", Open: 1, Met: 0}) || needs["advocacy"].Open != 0 {
			t.Errorf("needs %+v", r.Needs)
		}
		help := map[string]care.MonthHelp{}
		for _, h := range r.HelpByMonth {
			help[h.Month+" "+h.Purpose] = h
		}
		if h := help["2026-05 Health"]; h.PaidPaise != 4_000_00 || h.Count != 2 {
			t.Errorf("May %+v", h)
		}
		if h := help["2027-03 Health"]; h.PaidPaise != 4_000_00 || h.Count != 1 {
			t.Errorf("March %+v", h)
		}
		if h := help["2026-12 General"]; h.PaidPaise != 0 || h.InKindPaise != 500_00 || h.Count != 1 {
			t.Errorf("December %+v", h)
		}
		if h := help["2026-06 Health"]; h.Count != 0 {
			t.Errorf("awaiting help counted: %+v", h)
		}
		sums := map[string]care.PurposeSums{}
		for _, p := range r.Purposes {
			sums[p.Purpose] = p
		}
		if sums["Health"] != (care.PurposeSums{Purpose: "Health", ReceivedPaise: 20_000_00, PaidPaise: 8_000_00}) || sums["General"] != (care.PurposeSums{Purpose: "General", ReceivedPaise: 5_000_00, PaidPaise: 0}) ||
			sums["Travel"].ReceivedPaise != 0 {
			t.Errorf("purposes %+v", r.Purposes)
		}
		last, err := st.CareReport(ctx, india.FY(2025), "2026-11-27")
		if err != nil || last.Elders != (care.EldersCount{Served: 1, New: 1}) {
			t.Errorf("2025-26: %+v %v", last.Elders, err)
		}
		// A past year's report does not count today's overdue contacts
		// under its name (Sita's contact fell due in October 2026, after
		// that year ended, and is overdue today): it counts none and says
		// it was not counted.
		if last.ContactsOverdue != 0 || last.OverdueAsOf != "" {
			t.Errorf("2025-26 overdue %d as of %q", last.ContactsOverdue, last.OverdueAsOf)
		}
		// The next year's report, before it has begun, counts none either.
		if next, err := st.CareReport(ctx, india.FY(2027), "2026-11-27"); err != nil || next.ContactsOverdue != 0 || next.OverdueAsOf != "" {
			t.Errorf("2027-28 overdue %d as of %q, %v", next.ContactsOverdue, next.OverdueAsOf, err)
		}
		// On the last day of the year it is counted, as of that day.
		if end, err := st.CareReport(ctx, india.FY(2026), "2027-03-31"); err != nil || end.ContactsOverdue != 1 || end.OverdueAsOf != "2027-03-31" {
			t.Errorf("31 March 2027 overdue %d as of %q, %v", end.ContactsOverdue, end.OverdueAsOf, err)
		}

		if _, err := st.PublishedYear(ctx, india.FY(2026)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unpublished year: %v", err)
		}
		acc, err := st.PublishYear(ctx, india.FY(2026), "2026-11-27", store.Actor{ID: "admin"})
		if err != nil || acc.EldersServed != 2 || len(acc.Purposes) != 4 {
			t.Fatalf("publish: %+v %v", acc, err)
		}
		if _, err := st.PublishYear(ctx, india.FY(2026), "2026-11-27", store.Actor{ID: "admin"}); !errors.Is(err, store.ErrYearPublished) {
			t.Fatalf("second publish: %v", err)
		}
		// Later help does not change the published figures.
		if _, err := st.RecordPayment(ctx, a, payment("Health", "healthcare", 1_000_00, "2026-11-01"), coord); err != nil {
			t.Fatal(err)
		}
		got, err := st.PublishedYear(ctx, india.FY(2026))
		if err != nil || got.EldersServed != 2 || got.Purposes[1] != (care.PurposeSums{Purpose: "Health", ReceivedPaise: 20_000_00, PaidPaise: 8_000_00}) {
			t.Fatalf("published %+v %v", got, err)
		}
		years, err := st.PublishedYears(ctx)
		if err != nil || len(years) != 1 || years[0] != "2026-27" {
			t.Fatalf("years %v %v", years, err)
		}
		if r, _ := st.CareReport(ctx, india.FY(2026), "2026-11-27"); !r.Published {
			t.Error("report not marked published")
		}
	})
}

// Erasing an elder keeps the help given to them for the accounts, with no
// link to the person and without their names; the fund's sums stay.
func TestCarePaymentsKeptAnonymousOnErasure(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		elder := careElder(t, st, "Gopal Krishna", time.Now())
		other := careElder(t, st, "Sita Rani", time.Now())
		careGift(t, st, "Health", 50_000_00, "2026-06-01", "confirmed")
		coord := store.Actor{ID: "c"}
		toElder := payment("Health", "healthcare", 1_000_00, "2026-07-01")
		toElder.Payee, toElder.Description, toElder.Reference = "gopal krishna das", "Eye drops for Gopal, bought by his son", "GOPAL-1"
		if _, err := st.RecordPayment(ctx, elder, toElder, coord); err != nil {
			t.Fatal(err)
		}
		if _, err := st.RecordPayment(ctx, elder, payment("Health", "healthcare", 2_000_00, "2026-07-02"), coord); err != nil {
			t.Fatal(err)
		}
		kept := payment("Health", "healthcare", 3_000_00, "2026-07-03")
		kept.Payee = "Sita Rani"
		if _, err := st.RecordPayment(ctx, other, kept, coord); err != nil {
			t.Fatal(err)
		}
		before := fundOf(t, st, "Health")
		if err := st.EraseRecord(ctx, "disciples", elder, store.Actor{ID: "admin"}); err != nil {
			t.Fatal(err)
		}
		rows, err := st.Reader().QueryContext(ctx, `SELECT COALESCE(record_id, ''), payee, description, reference FROM care_payments ORDER BY paid_on`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got [][4]string
		for rows.Next() {
			var r [4]string
			if err := rows.Scan(&r[0], &r[1], &r[2], &r[3]); err != nil {
				t.Fatal(err)
			}
			got = append(got, r)
		}
		want := [][4]string{
			{"", store.ErasedPayee, "Eye drops for [name erased], bought by his son", "[name erased]-1"},
			{"", "City Hospital", "Treatment", "412345678901"},
			{other, "Sita Rani", "Treatment", "412345678901"},
		}
		if len(got) != len(want) {
			t.Fatalf("payments after erasure: %v", got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("payment %d: %q, want %q", i, got[i], want[i])
			}
		}
		if after := fundOf(t, st, "Health"); after != before {
			t.Errorf("fund changed by the erasure: %+v, was %+v", after, before)
		}
		var n int
		if err := st.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity = 'payments' AND lower(after_json) LIKE '%gopal%'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("the audit log names the elder: %d %v", n, err)
		}
	})
}
