package india

import (
	"errors"
	"testing"
	"time"
)

func TestFYOf(t *testing.T) {
	tests := []struct {
		at   time.Time
		want FY
	}{
		{time.Date(2026, 4, 1, 0, 0, 0, 0, IST), 2026},
		{time.Date(2026, 3, 31, 23, 59, 59, 0, IST), 2025},
		{time.Date(2027, 3, 31, 12, 0, 0, 0, IST), 2026},
		{time.Date(2026, 12, 31, 0, 0, 0, 0, IST), 2026},
		{time.Date(2026, 1, 1, 0, 0, 0, 0, IST), 2025},
		// 31 March 2026 19:00 UTC is already 1 April 00:30 in India.
		{time.Date(2026, 3, 31, 19, 0, 0, 0, time.UTC), 2026},
		{time.Date(2026, 3, 31, 18, 29, 59, 0, time.UTC), 2025},
	}
	for _, tt := range tests {
		if got := FYOf(tt.at, IST); got != tt.want {
			t.Errorf("FYOf(%v) = %v, want %v", tt.at, got, tt.want)
		}
	}
}

func TestISTMatchesKolkata(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Skip("no time zone database on this machine:", err)
	}
	for y := 2000; y <= 2040; y++ {
		for _, m := range []time.Month{time.January, time.April, time.July, time.October} {
			at := time.Date(y, m, 1, 0, 0, 0, 0, kolkata)
			if !at.Equal(time.Date(y, m, 1, 0, 0, 0, 0, IST)) {
				t.Fatalf("IST and Asia/Kolkata differ on %v", at)
			}
		}
	}
}

func TestFYLabels(t *testing.T) {
	tests := []struct {
		in   string
		want FY
		err  error
	}{
		{"2026-27", 2026, nil},
		{"2025-26", 2025, nil},
		{"2099-00", 0, ErrFYLabel},
		{"2098-99", 2098, nil},
		{"2000-01", 2000, nil},
		{"1999-00", 0, ErrFYLabel},
		{"2026-28", 0, ErrFYLabel},
		{"2026-2027", 0, ErrFYLabel},
		{"2026", 0, ErrFYLabel},
		{"26-27", 0, ErrFYLabel},
		{"2026/27", 0, ErrFYLabel},
		{"FY2026-27", 0, ErrFYLabel},
		{"२०२६-२७", 0, ErrFYLabel},
		{"+026-27", 0, ErrFYLabel},
		{"", 0, ErrFYLabel},
	}
	for _, tt := range tests {
		got, err := ParseFY(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("ParseFY(%q) = %v, %v; want %v, %v", tt.in, got, err, tt.want, tt.err)
		}
		if err == nil && got.String() != tt.in {
			t.Errorf("FY(%d).String() = %q, want %q", got, got.String(), tt.in)
		}
	}
	if FY(2099).String() != "2099-00" {
		t.Errorf("FY(2099).String() = %q", FY(2099).String())
	}
}

func TestFYBounds(t *testing.T) {
	y := FY(2025)
	start, end := y.Start(IST), y.End(IST)
	if !start.Equal(time.Date(2025, 3, 31, 18, 30, 0, 0, time.UTC)) {
		t.Errorf("Start = %v", start.UTC())
	}
	if !end.Equal(time.Date(2026, 3, 31, 18, 30, 0, 0, time.UTC)) {
		t.Errorf("End = %v", end.UTC())
	}
	if !y.Contains(start, IST) || y.Contains(end, IST) || !y.Contains(end.Add(-time.Nanosecond), IST) {
		t.Error("Contains does not treat the year as [Start, End)")
	}
	if y.Ended(end.Add(-time.Second), IST) || !y.Ended(end, IST) || !y.Ended(end.Add(time.Hour), IST) {
		t.Error("Ended is wrong around the year's end")
	}
	if due := y.StatementDue(IST); due.Format("2006-01-02") != "2026-05-31" {
		t.Errorf("StatementDue = %v", due)
	}
}

func TestFYForm(t *testing.T) {
	tests := map[FY]Form{2020: Form10BD, 2024: Form10BD, 2025: Form10BD, 2026: Form113, 2027: Form113}
	for y, want := range tests {
		if got := y.Form(); got != want {
			t.Errorf("FY(%v).Form() = %v, want %v", y, got, want)
		}
	}
}
