package india

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestCheckGift(t *testing.T) {
	yes, no := true, false
	// ok is a report that passes every rule; each case changes a few fields.
	ok := GiftReport{Amount: "5000", IDType: "PAN", IDNumber: "abcpe1234f", ReceiptType: "80G",
		Mode: "UPI", Reference: "412345678901", ResidentOfIndia: &yes}
	tests := []struct {
		name   string
		change func(*GiftReport)
		want   Gift
		errs   map[string]string // the keys expected, with a word each message must contain
	}{
		{"valid 80G with PAN", func(*GiftReport) {},
			Gift{500000, IDPAN, "ABCPE1234F", Receipt80G, ModeUPI, "412345678901"}, nil},
		{"valid 80G with Aadhaar", func(r *GiftReport) { r.IDType, r.IDNumber = "AADHAAR", "9999 4105 7058" },
			Gift{500000, IDAadhaar, "999941057058", Receipt80G, ModeUPI, "412345678901"}, nil},
		{"general receipt without ID", func(r *GiftReport) { r.IDType, r.IDNumber, r.ReceiptType = "", "", "General" },
			Gift{500000, IDNone, "", ReceiptGeneral, ModeUPI, "412345678901"}, nil},
		{"general receipt with other ID", func(r *GiftReport) { r.IDType, r.IDNumber, r.ReceiptType = "OTHER", "z1234567", "general" },
			Gift{500000, IDOther, "Z1234567", ReceiptGeneral, ModeUPI, "412345678901"}, nil},
		{"exactly 49,999 without PAN", func(r *GiftReport) {
			r.Amount, r.IDType, r.IDNumber, r.ReceiptType = "49999", "AADHAAR", "999941057058", "80G"
		}, Gift{4999900, IDAadhaar, "999941057058", Receipt80G, ModeUPI, "412345678901"}, nil},
		{"cash of exactly 2,000 with 80G", func(r *GiftReport) { r.Amount, r.Mode, r.Reference = "2000", "CASH", "" },
			Gift{200000, IDPAN, "ABCPE1234F", Receipt80G, ModeCash, ""}, nil},
		{"cash above 2,000 with a General receipt", func(r *GiftReport) { r.Amount, r.Mode, r.ReceiptType = "2000.01", "cash", "General" },
			Gift{200001, IDPAN, "ABCPE1234F", ReceiptGeneral, ModeCash, ""}, nil},
		{"large gift by NEFT", func(r *GiftReport) { r.Amount, r.Mode, r.Reference = "105000.50", "NEFT", "sbin426012345678" },
			Gift{10500050, IDPAN, "ABCPE1234F", Receipt80G, ModeNEFT, "SBIN426012345678"}, nil},

		{"negative amount", func(r *GiftReport) { r.Amount = "-5000" }, Gift{}, map[string]string{FieldAmount: "negative"}},
		{"zero amount", func(r *GiftReport) { r.Amount = "0" }, Gift{}, map[string]string{FieldAmount: "more than zero"}},
		{"three decimals", func(r *GiftReport) { r.Amount = "5000.505" }, Gift{}, map[string]string{FieldAmount: "two digits"}},
		{"exponent", func(r *GiftReport) { r.Amount = "5e3" }, Gift{}, map[string]string{FieldAmount: "5e3"}},
		{"Devanagari digits", func(r *GiftReport) { r.Amount = "५०००" }, Gift{}, map[string]string{FieldAmount: "0 to 9"}},
		{"missing amount", func(r *GiftReport) { r.Amount = "" }, Gift{}, map[string]string{FieldAmount: "Enter"}},
		{"malformed PAN", func(r *GiftReport) { r.IDNumber = "ABCPE12345" }, Gift{}, map[string]string{FieldIDNumber: "PAN"}},
		{"malformed Aadhaar", func(r *GiftReport) { r.IDType, r.IDNumber = "AADHAAR", "999941057059" },
			Gift{}, map[string]string{FieldIDNumber: "Aadhaar"}},
		{"unknown ID type", func(r *GiftReport) { r.IDType = "VOTER" }, Gift{}, map[string]string{FieldIDType: "PAN"}},
		{"number without a type", func(r *GiftReport) { r.IDType, r.ReceiptType = "", "General" },
			Gift{}, map[string]string{FieldIDType: "Choose"}},
		{"above 49,999 with Aadhaar", func(r *GiftReport) { r.Amount, r.IDType, r.IDNumber = "49999.01", "AADHAAR", "999941057058" },
			Gift{}, map[string]string{FieldIDType: "PAN is required"}},
		{"above 49,999 without ID", func(r *GiftReport) { r.Amount, r.IDType, r.IDNumber, r.ReceiptType = "50000", "", "", "General" },
			Gift{}, map[string]string{FieldIDType: "PAN is required"}},
		{"80G without ID", func(r *GiftReport) { r.IDType, r.IDNumber = "", "" }, Gift{}, map[string]string{FieldIDType: "80G"}},
		{"80G with other ID", func(r *GiftReport) { r.IDType, r.IDNumber = "OTHER", "Z1234567" }, Gift{}, map[string]string{FieldIDType: "80G"}},
		{"cash above 2,000 with 80G", func(r *GiftReport) { r.Amount, r.Mode, r.Reference = "2000.01", "CASH", "" },
			Gift{}, map[string]string{FieldReceiptType: "Cash"}},
		{"unknown receipt type", func(r *GiftReport) { r.ReceiptType = "Tax" }, Gift{}, map[string]string{FieldReceiptType: "Choose"}},
		{"unknown mode", func(r *GiftReport) { r.Mode = "CARD" }, Gift{}, map[string]string{FieldMode: "UPI"}},
		{"wrong-length UPI reference", func(r *GiftReport) { r.Reference = "41234567890" }, Gift{}, map[string]string{FieldReference: "12 digits"}},
		{"missing reference", func(r *GiftReport) { r.Reference = " " }, Gift{}, map[string]string{FieldReference: "reference"}},
		{"short NEFT reference", func(r *GiftReport) { r.Mode, r.Reference = "NEFT", "SBIN1234" },
			Gift{}, map[string]string{FieldReference: "16 to 22"}},
		{"cheque reference", func(r *GiftReport) { r.Mode, r.Reference = "CHEQUE", "12345" }, Gift{}, map[string]string{FieldReference: "6 digits"}},
		{"non-resident", func(r *GiftReport) { r.ResidentOfIndia = &no }, Gift{}, map[string]string{FieldResidentOfIndia: "FCRA"}},
		{"residence not answered", func(r *GiftReport) { r.ResidentOfIndia = nil }, Gift{}, map[string]string{FieldResidentOfIndia: "resident"}},
		{"everything wrong at once", func(r *GiftReport) {
			*r = GiftReport{Amount: "1e5", IDType: "PAN", IDNumber: "x", ReceiptType: "?", Mode: "?", ResidentOfIndia: &no}
		}, Gift{}, map[string]string{FieldAmount: "5e3", FieldIDNumber: "PAN", FieldReceiptType: "Choose", FieldMode: "UPI", FieldResidentOfIndia: "FCRA"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ok
			tt.change(&r)
			got, err := CheckGift(r)
			if tt.errs == nil {
				if err != nil || got != tt.want {
					t.Fatalf("CheckGift = %+v, %v; want %+v", got, err, tt.want)
				}
				return
			}
			var fe FieldErrors
			if !errors.As(err, &fe) {
				t.Fatalf("CheckGift error = %v, want FieldErrors", err)
			}
			if got != (Gift{}) {
				t.Errorf("a refused gift came back as %+v", got)
			}
			if !sameKeys(fe, tt.errs) {
				t.Fatalf("errors = %v, want keys of %v", fe, tt.errs)
			}
			for k, word := range tt.errs {
				if !strings.Contains(fe[k].En(), word) {
					t.Errorf("errors[%s] = %q, want it to mention %q", k, fe[k], word)
				}
			}
			if !strings.Contains(fe.Error(), slices.Sorted(maps.Keys(tt.errs))[0]) {
				t.Errorf("Error() = %q does not name the fields", fe.Error())
			}
		})
	}
}

func sameKeys(a FieldErrors, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}
