package india

import (
	"encoding/json"
	"errors"
	"os"
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
	"testing"
)

// ruleVector is one case of the shared test vectors: an input and either
// the normal form it is accepted as (OK) or the code of its refusal.
type ruleVector struct {
	Mode  string  `json:"mode"`
	In    string  `json:"in"`
	OK    *string `json:"ok"`
	Error string  `json:"error"`
}

// readRuleVectors reads the vectors that the browser's rules are tested
// against too (web/src/lib/india.test.ts), so that the two sides cannot
// drift apart.
func readRuleVectors(t *testing.T) map[string][]ruleVector {
	t.Helper()
	b, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string][]ruleVector{}
	for _, k := range []string{"pan", "aadhaar", "reference"} {
		var list []ruleVector
		if err := json.Unmarshal(v[k], &list); err != nil || len(list) == 0 {
			t.Fatalf("vectors %s: %v", k, err)
		}
		out[k] = list
	}
	return out
}

func TestSharedRuleVectors(t *testing.T) {
	vectors := readRuleVectors(t)
	parse := map[string]func(v ruleVector) (string, error){
		"pan": func(v ruleVector) (string, error) { p, err := ParsePAN(v.In); return string(p), err },
		"aadhaar": func(v ruleVector) (string, error) {
			a, err := ParseAadhaar(v.In)
			return string(a), err
		},
		"reference": func(v ruleVector) (string, error) {
			m, err := ParseMode(v.Mode)
			if err != nil {
				return "", err
			}
			return ParseReference(m, v.In)
		},
	}
	for kind, list := range vectors {
		for _, v := range list {
			got, err := parse[kind](v)
			if v.OK != nil {
				if err != nil || got != *v.OK {
					t.Errorf("%s %s %q: got %q, %v; want %q", kind, v.Mode, v.In, got, err, *v.OK)
				}
				continue
			}
			var p *Problem
			if !errors.As(err, &p) || p.Code != v.Error {
				t.Errorf("%s %s %q: got %q, %v; want the refusal %s", kind, v.Mode, v.In, got, err, v.Error)
			}
		}
	}
}

// giftVector is a gift report as typed and the code refused for each
// field (none when the gift passes every rule).
type giftVector struct {
	Amount      string            `json:"amount"`
	IDType      string            `json:"idType"`
	IDNumber    string            `json:"idNumber"`
	ReceiptType string            `json:"receiptType"`
	Mode        string            `json:"mode"`
	Reference   string            `json:"reference"`
	Resident    *bool             `json:"resident"`
	Errors      map[string]string `json:"errors"`
}

// TestSharedGiftVectors checks CheckGift, the rules that join a gift's
// fields, against the cases the browser's checkGiftRules is tested with
// too. A field refused by its own rule names that rule's code; the
// joined rules have codes of their own here (gift_*), since their
// sentences name no code.
func TestSharedGiftVectors(t *testing.T) {
	b, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Gift []giftVector `json:"gift"`
	}
	if err := json.Unmarshal(b, &v); err != nil || len(v.Gift) == 0 {
		t.Fatalf("gift vectors: %v", err)
	}
	joined := map[string]i18n.Msg{
		"gift_pan_required": msgPANRequired, "gift_80g_needs_id": msg80GNeedsID, "gift_cash_80g": msgCash80G,
		"gift_receipt_type": msgReceiptType, "gift_resident": msgResidentNeed, "gift_non_resident": msgNonResident,
		"gift_which_id": msgs.DonationChooseWhichIdNumberPanAadhaar,
	}
	for i, c := range v.Gift {
		_, err := CheckGift(GiftReport{Amount: c.Amount, IDType: c.IDType, IDNumber: c.IDNumber, ReceiptType: c.ReceiptType,
			Mode: c.Mode, Reference: c.Reference, ResidentOfIndia: c.Resident})
		got := FieldErrors{}
		if err != nil && !errors.As(err, &got) {
			t.Fatalf("case %d: %v", i, err)
		}
		if len(got) != len(c.Errors) {
			t.Errorf("case %d %+v: refused %v, want %v", i, c, got, c.Errors)
			continue
		}
		for field, code := range c.Errors {
			want, ok := joined[code]
			if !ok {
				// A value refused by its own rule: that rule, run alone,
				// gives the same code and sentence.
				var single error
				switch field {
				case FieldAmount:
					_, single = ParseAmount(c.Amount)
				case FieldIDType:
					_, single = ParseIDType(c.IDType)
				case FieldIDNumber:
					id, _ := ParseIDType(c.IDType)
					_, single = ParseID(id, c.IDNumber)
				case FieldMode:
					_, single = ParseMode(c.Mode)
				case FieldReference:
					m, _ := ParseMode(c.Mode)
					_, single = ParseReference(m, c.Reference)
				}
				var p *Problem
				if !errors.As(single, &p) || p.Code != code {
					t.Errorf("case %d: %s is refused by %v, want the code %s", i, field, single, code)
					continue
				}
				want = p.Message
			}
			if got[field].En() != want.En() {
				t.Errorf("case %d: %s: %q, want %q (%s)", i, field, got[field].En(), want.En(), code)
			}
		}
	}
}
