package localtime

import (
	"testing"
	"time"
)

func TestIndianWriting(t *testing.T) {
	at := time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC) // 7:30 pm in India
	z, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if got := z.DateTime(at); got != "23 Nov 2026, 7:30 pm IST" {
		t.Errorf("DateTime = %q", got)
	}
	if got := z.Date(at.Add(5 * time.Hour)); got != "24 Nov 2026" {
		t.Errorf("Date after midnight in India = %q", got)
	}
	morning := time.Date(2026, 1, 5, 1, 5, 0, 0, time.UTC) // 6:35 am IST
	if got := Default().DateTime(morning); got != "5 Jan 2026, 6:35 am IST" {
		t.Errorf("morning = %q", got)
	}
	noon := time.Date(2026, 1, 5, 6, 30, 0, 0, time.UTC)
	if got := (*Zone)(nil).DateTime(noon); got != "5 Jan 2026, 12:00 pm IST" {
		t.Errorf("nil zone at noon = %q", got)
	}
}

func TestLoad(t *testing.T) {
	for _, name := range []string{"Asia/Kolkata", "Asia/Calcutta", "IST", " "} {
		if z, err := Load(name); err != nil || z.Name() != DefaultName {
			t.Errorf("Load(%q) = %v, %v", name, z, err)
		}
	}
	for _, name := range []string{"Mars/Olympus", "Local", "../etc/passwd"} {
		if _, err := Load(name); err == nil {
			t.Errorf("Load(%q) accepted", name)
		}
	}
	if z, err := Load("UTC"); err == nil {
		if got := z.DateTime(time.Date(2026, 7, 1, 23, 15, 0, 0, time.UTC)); got != "1 Jul 2026, 11:15 pm UTC" {
			t.Errorf("UTC = %q", got)
		}
	}
}

// A zone the database gives no letters for is written as its offset.
func TestDateTimeZoneWithoutLetters(t *testing.T) {
	at := time.Date(2026, 7, 1, 8, 5, 0, 0, time.UTC)
	for _, c := range []struct {
		loc  *time.Location
		want string
	}{
		{time.FixedZone("+04", 4*60*60), "1 Jul 2026, 12:05 pm UTC+04:00"},
		{time.FixedZone("", 4*60*60), "1 Jul 2026, 12:05 pm UTC+04:00"},
		{time.FixedZone("-03", -3*60*60), "1 Jul 2026, 5:05 am UTC-03:00"},
		{time.FixedZone("BST", 60*60), "1 Jul 2026, 9:05 am BST"},
	} {
		z := &Zone{name: "test", loc: c.loc}
		if got := z.DateTime(at); got != c.want {
			t.Errorf("%v: DateTime = %q, want %q", c.loc, got, c.want)
		}
	}
}
