package india

import (
	"bytes"
	"encoding/csv"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

var testOptions = StatementOptions{
	URN:     "AAATS1234QF20214",
	URNDate: time.Date(2021, 9, 24, 0, 0, 0, 0, IST),
}

func TestBuildStatement(t *testing.T) {
	d := func(ref string, typ IDType, number, name string, dt DonationType, m StatementMode, amount Paise) StatementDonation {
		return StatementDonation{Ref: ref, IDType: typ, IDNumber: number, Name: name, Address: "12 Temple Road\nVrindavan 281121",
			DonationType: dt, Mode: m, Amount: amount, FY: 2025}
	}
	ds := []StatementDonation{
		d("d1", IDPAN, "ABCPE1234F", "Radha Devi", DonationOthers, StatementElectronic, 500000),
		d("d2", IDAadhaar, "9999 4105 7058", "Gopal Das", DonationOthers, StatementElectronic, 100000),
		// The same donor again, PAN typed in lowercase: added into the first row.
		d("d3", IDPAN, "abcpe1234f", "Radha Devi", DonationOthers, StatementElectronic, 250050),
		// The same donor in cash: a row of its own.
		d("d4", IDPAN, "ABCPE1234F", "Radha Devi", DonationOthers, StatementCash, 200000),
		// The same donor, a corpus donation: a row of its own.
		d("d5", IDPAN, "ABCPE1234F", "Radha Devi", DonationCorpus, StatementElectronic, 1000000),
		d("d6", IDNone, "", "Anonymous", DonationOthers, StatementElectronic, 100000),
		d("d7", IDOther, "Z1234567", "Hari Das", DonationOthers, StatementElectronic, 100000),
		d("d8", IDPAN, "ABCPE12345", "Typo", DonationOthers, StatementElectronic, 100000),
		d("d9", IDOther, strings.Repeat("9", 76), "Long", DonationOthers, StatementElectronic, 100000),
		d("d10", IDPAN, "AAAPL1234C", " ", DonationOthers, StatementElectronic, 100000),
		d("d12", IDAadhaar, "999941057058", "Gopal Das", DonationOthers, StatementElectronic, 50),
	}
	passport := d("d11", IDOther, "z1234567", "Hari Das", DonationOthers, StatementElectronic, 300000)
	passport.OtherIDCode = IDCodePassport
	ds = append(ds, passport)
	noAddress := d("d13", IDPAN, "AAAPL1234C", "Lila", DonationOthers, StatementElectronic, 100)
	noAddress.Address = " \n "
	ds = append(ds, noAddress)

	st, err := BuildStatement(2025, testOptions, ds)
	if err != nil {
		t.Fatal(err)
	}
	if st.Form != Form10BD || st.FY != 2025 || st.Options.SectionCode != SectionCode80G {
		t.Errorf("statement head = %v %v %q", st.Form, st.FY, st.Options.SectionCode)
	}
	addr := "12 Temple Road, Vrindavan 281121"
	want := []StatementRow{
		{1, IDCodePAN, "ABCPE1234F", "Radha Devi", addr, DonationOthers, StatementElectronic, 750050, []string{"d1", "d3"}},
		{2, IDCodeAadhaar, "999941057058", "Gopal Das", addr, DonationOthers, StatementElectronic, 100050, []string{"d2", "d12"}},
		{3, IDCodePAN, "ABCPE1234F", "Radha Devi", addr, DonationOthers, StatementCash, 200000, []string{"d4"}},
		{4, IDCodePAN, "ABCPE1234F", "Radha Devi", addr, DonationCorpus, StatementElectronic, 1000000, []string{"d5"}},
		{5, IDCodePassport, "Z1234567", "Hari Das", addr, DonationOthers, StatementElectronic, 300000, []string{"d11"}},
	}
	if !reflect.DeepEqual(st.Rows, want) {
		t.Errorf("rows =\n%+v\nwant\n%+v", st.Rows, want)
	}
	wantUnfileable := map[string]string{
		"d6": reasonNoID, "d7": reasonOtherKind, "d8": "PAN", "d9": reasonLongID, "d10": reasonNoName, "d13": reasonNoAddress,
	}
	if len(st.Unfileable) != len(wantUnfileable) {
		t.Fatalf("unfileable = %+v", st.Unfileable)
	}
	for _, u := range st.Unfileable {
		if w, ok := wantUnfileable[u.Ref]; !ok || !strings.Contains(u.Reason, w) || u.Amount <= 0 {
			t.Errorf("unfileable %+v, want reason with %q", u, w)
		}
	}
}

func TestBuildStatementRefuses(t *testing.T) {
	good := StatementDonation{Ref: "d1", IDType: IDPAN, IDNumber: "ABCPE1234F", Name: "A", Address: "B",
		DonationType: DonationOthers, Mode: StatementElectronic, Amount: 100, FY: 2026}
	tests := []struct {
		name   string
		opts   func(*StatementOptions)
		donate func(*StatementDonation)
		err    error
	}{
		{"no URN", func(o *StatementOptions) { o.URN = " " }, nil, ErrStatementURN},
		{"URN too long", func(o *StatementOptions) { o.URN = strings.Repeat("U", 101) }, nil, ErrStatementURN},
		{"no URN date", func(o *StatementOptions) { o.URNDate = time.Time{} }, nil, ErrStatementURNDate},
		{"pre-acknowledgement too long", func(o *StatementOptions) { o.PreAcknowledgement = strings.Repeat("1", 22) }, nil, ErrStatementPreAck},
		{"another year", nil, func(d *StatementDonation) { d.FY = 2025 }, ErrStatementYear},
		{"zero amount", nil, func(d *StatementDonation) { d.Amount = 0 }, ErrStatementAmount},
		{"unknown donation type", nil, func(d *StatementDonation) { d.DonationType = "Gift" }, ErrStatementCategory},
		{"unknown mode", nil, func(d *StatementDonation) { d.Mode = "UPI" }, ErrStatementCategory},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, d := testOptions, good
			if tt.opts != nil {
				tt.opts(&o)
			}
			if tt.donate != nil {
				tt.donate(&d)
			}
			if _, err := BuildStatement(2026, o, []StatementDonation{d}); !errors.Is(err, tt.err) {
				t.Errorf("BuildStatement error = %v, want %v", err, tt.err)
			}
		})
	}
	o := testOptions
	o.URN, o.PreAcknowledgement = strings.Repeat("U", 100), strings.Repeat("1", 21)
	st, err := BuildStatement(2026, o, []StatementDonation{good})
	if err != nil || st.Form != Form113 || len(st.Rows) != 1 {
		t.Errorf("BuildStatement at the limits = %+v, %v", st, err)
	}
}

func TestStatementModeOf(t *testing.T) {
	want := map[Mode]StatementMode{ModeCash: StatementCash, ModeUPI: StatementElectronic, ModeIMPS: StatementElectronic,
		ModeNEFT: StatementElectronic, ModeRTGS: StatementElectronic, ModeCheque: StatementElectronic, Mode("X"): StatementOthers}
	for m, w := range want {
		if got := StatementModeOf(m); got != w {
			t.Errorf("StatementModeOf(%q) = %q, want %q", m, got, w)
		}
	}
}

func TestStatementCSV(t *testing.T) {
	ds := []StatementDonation{
		{Ref: "a", IDType: IDPAN, IDNumber: "ABCPE1234F", Name: `Radha "Rani" Devi`, Address: "12, Temple Road,\r\nVrindavan",
			DonationType: DonationOthers, Mode: StatementElectronic, Amount: 10500050, FY: 2025},
		{Ref: "b", IDType: IDAadhaar, IDNumber: "999941057058", Name: "Gopal Das", Address: "Mayapur",
			DonationType: DonationCorpus, Mode: StatementCash, Amount: 200000, FY: 2025},
		{Ref: "c", Name: "No ID", Address: "X", DonationType: DonationOthers, Mode: StatementCash, Amount: 100, FY: 2025},
	}
	st, err := BuildStatement(2025, testOptions, ds)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := st.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		StatementColumns,
		{"1", "", "1", "ABCPE1234F", "Section 80G", "AAATS1234QF20214", "24-09-2021", `Radha "Rani" Devi`,
			"12, Temple Road, Vrindavan", "Others", "Electronic modes including account payee cheque/draft", "105000.50"},
		{"2", "", "2", "999941057058", "Section 80G", "AAATS1234QF20214", "24-09-2021", "Gopal Das",
			"Mayapur", "Corpus", "Cash", "2000"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CSV =\n%q\nwant\n%q", got, want)
	}
	if len(StatementColumns) != 12 {
		t.Errorf("the statement has 12 columns, not %d", len(StatementColumns))
	}
}

func TestSplitJoint(t *testing.T) {
	tests := []struct {
		amount Paise
		n      int
		want   []Paise
	}{
		{1000000, 2, []Paise{500000, 500000}},
		{1000000, 3, []Paise{333334, 333333, 333333}},
		{101, 4, []Paise{26, 25, 25, 25}},
		{1, 3, []Paise{1, 0, 0}},
		{500000, 1, []Paise{500000}},
		{500000, 0, nil},
	}
	for _, tt := range tests {
		got := SplitJoint(tt.amount, tt.n)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitJoint(%d, %d) = %v, want %v", tt.amount, tt.n, got, tt.want)
		}
	}
}
