package care

import (
	"strconv"
	"strings"
	"testing"

	"spdc/internal/entity"
	"spdc/internal/india"
)

func TestFundMayPay(t *testing.T) {
	cases := []struct {
		purpose, service string
		want             bool
	}{
		{"General", "financial", true},
		{"General", "volunteering", true},
		{"SPDC", "advocacy", true},
		{"Health", "healthcare", true},
		{"Health", "health_assessment", true},
		{"Health", "financial", false},
		{"Health", "relocation", false},
		{"Travel", "relocation", true},
		{"Travel", "spiritual", true},
		{"Travel", "healthcare", false},
		{"Travel", "financial", false},
		{"Unknown", "financial", false},
		{"General", "unknown", false},
	}
	for _, c := range cases {
		if got := FundMayPay(c.purpose, c.service); got != c.want {
			t.Errorf("FundMayPay(%q, %q) = %v", c.purpose, c.service, got)
		}
	}
	// Every fund pays for some service, and each service has a fund.
	for _, p := range Funds() {
		if len(ServicesOf(p)) == 0 {
			t.Errorf("fund %s pays for nothing", p)
		}
	}
	for _, s := range Services {
		if !FundMayPay("General", s) {
			t.Errorf("no fund pays for %s", s)
		}
	}
}

func TestNeedsApprovalAndOverdraw(t *testing.T) {
	cases := []struct {
		amount, threshold int64
		want              bool
	}{
		{5_000_00, 5_000_00, false}, {5_000_01, 5_000_00, true}, {1, 0, true}, {0, 0, false},
	}
	for _, c := range cases {
		if got := NeedsApproval(c.amount, c.threshold); got != c.want {
			t.Errorf("NeedsApproval(%d, %d) = %v", c.amount, c.threshold, got)
		}
	}
	f := NewFund("Health", 10_000_00, 3_000_00, 2_000_00)
	if f.Balance != 7_000_00 {
		t.Fatalf("balance %d", f.Balance)
	}
	for _, c := range []struct {
		amount int64
		want   bool
	}{{5_000_00, false}, {5_000_01, true}, {1, false}} {
		if got := f.Overdraws(c.amount); got != c.want {
			t.Errorf("Overdraws(%d) = %v", c.amount, got)
		}
	}
	if !NewFund("Travel", 0, 0, 0).Overdraws(1) {
		t.Error("an empty fund pays")
	}
}

func TestCheck(t *testing.T) {
	good := func() Payment {
		return Payment{Kind: "money", AmountPaise: 2_500_00, Purpose: "Health", Service: "healthcare", PaidOn: "2026-11-20",
			Mode: "upi", Reference: "412345678901", Payee: "City Hospital", Description: "Cataract operation"}
	}
	const today = "2026-11-27"
	p := good()
	if errs := Check(&p, today); len(errs) != 0 {
		t.Fatalf("good payment refused: %v", errs)
	}
	cases := []struct {
		name  string
		edit  func(p *Payment)
		field string
	}{
		{"zero", func(p *Payment) { p.AmountPaise = 0 }, "amountPaise"},
		{"negative", func(p *Payment) { p.AmountPaise = -5 }, "amountPaise"},
		{"too large", func(p *Payment) { p.AmountPaise = MaxPaymentPaise + 1 }, "amountPaise"},
		{"future", func(p *Payment) { p.PaidOn = "2026-11-28" }, "paidOn"},
		{"not a date", func(p *Payment) { p.PaidOn = "2026-02-30" }, "paidOn"},
		{"empty date", func(p *Payment) { p.PaidOn = "" }, "paidOn"},
		{"fund of another purpose", func(p *Payment) { p.Purpose = "Travel" }, "purpose"},
		{"unknown purpose", func(p *Payment) { p.Purpose = "Gold" }, "purpose"},
		{"unknown service", func(p *Payment) { p.Service = "gardening" }, "service"},
		{"kind", func(p *Payment) { p.Kind = "cash" }, "kind"},
		{"mode", func(p *Payment) { p.Mode = "gold" }, "mode"},
		{"payee", func(p *Payment) { p.Payee = "  " }, "payee"},
		{"long reference", func(p *Payment) { p.Reference = string(make([]byte, 61)) }, "reference"},
		{"control", func(p *Payment) { p.Payee = "A\x00B" }, "payee"},
		{"in kind without what", func(p *Payment) { p.Kind = "in_kind"; p.Description = "" }, "description"},
	}
	for _, c := range cases {
		p := good()
		c.edit(&p)
		errs := Check(&p, today)
		if errs[c.field].IsZero() {
			t.Errorf("%s: no message for %s: %v", c.name, c.field, errs)
		}
	}
	// Each text's limit is the payment form's definition, counted in
	// characters, and the message names it.
	for _, key := range []string{"reference", "payee", "description", "overdrawReason"} {
		max := entity.CarePayments.Field(key).Max
		for _, n := range []int{max, max + 1} {
			p := good()
			text := strings.Repeat("अ", n)
			switch key {
			case "reference":
				p.Reference = text
			case "payee":
				p.Payee = text
			case "description":
				p.Description = text
			case "overdrawReason":
				p.OverdrawReason = text
			}
			msg := Check(&p, today)[key]
			if n == max && !msg.IsZero() {
				t.Errorf("%s of %d characters refused: %v", key, n, msg.En())
			}
			if n > max && !strings.Contains(msg.En(), strconv.Itoa(max)) {
				t.Errorf("%s of %d characters: message %q does not name the limit %d", key, n, msg.En(), max)
			}
		}
	}
	// Help in kind needs no mode and keeps none.
	p = good()
	p.Kind, p.Mode = "in_kind", ""
	if errs := Check(&p, today); len(errs) != 0 || p.Mode != "" || p.Reference != "" {
		t.Errorf("in kind: %v %+v", errs, p)
	}
}

func TestNewReport(t *testing.T) {
	fy := india.FY(2026)
	from, to := Bounds(fy)
	if from != "2026-04-01" || to != "2027-03-31" {
		t.Fatalf("bounds %s %s", from, to)
	}
	months := Months(fy)
	if len(months) != 12 || months[0] != "2026-04" || months[11] != "2027-03" {
		t.Fatalf("months %v", months)
	}
	r := NewReport(fy, Figures{Served: 3, New: 2, ContactsOverdue: 1,
		Needs: map[string][2]int{"healthcare": {2, 1}},
		Help: []HelpSum{
			{Month: "2026-05", Purpose: "Health", Kind: KindMoney, Paise: 1_000_00, Count: 2},
			{Month: "2026-05", Purpose: "Health", Kind: KindInKind, Paise: 300_00, Count: 1},
			{Month: "2027-01", Purpose: "General", Kind: KindMoney, Paise: 50_00, Count: 1},
			{Month: "2027-04", Purpose: "General", Kind: KindMoney, Paise: 99, Count: 1}, // outside the year
		},
		Received: map[string]int64{"Health": 5_000_00}})
	if r.FY != "2026-27" || r.Elders.Served != 3 || r.Elders.New != 2 || r.ContactsOverdue != 1 {
		t.Errorf("head %+v", r)
	}
	if len(r.Needs) != len(Services) || r.Needs[1] != (NeedCount{"healthcare", 2, 1}) {
		t.Errorf("needs %+v", r.Needs)
	}
	if len(r.HelpByMonth) != 12*len(Funds()) {
		t.Fatalf("help rows %d", len(r.HelpByMonth))
	}
	for _, h := range r.HelpByMonth {
		switch {
		case h.Month == "2026-05" && h.Purpose == "Health":
			if h.PaidPaise != 1_000_00 || h.InKindPaise != 300_00 || h.Count != 3 {
				t.Errorf("May health %+v", h)
			}
		case h.Month == "2027-01" && h.Purpose == "General":
			if h.PaidPaise != 50_00 || h.Count != 1 {
				t.Errorf("January general %+v", h)
			}
		default:
			if h.PaidPaise != 0 || h.InKindPaise != 0 || h.Count != 0 {
				t.Errorf("empty month %+v", h)
			}
		}
	}
	want := map[string]PurposeSums{"Health": {"Health", 5_000_00, 1_000_00}, "General": {"General", 0, 50_00}}
	for _, p := range r.Purposes {
		if w, ok := want[p.Purpose]; ok && p != w {
			t.Errorf("purpose %+v, want %+v", p, w)
		}
	}
}
