package care

import "testing"

// A stay fits its host while, on every night of it, the host has no more
// stays than its capacity; the day one stay ends is free for the next.
func TestStayFull(t *testing.T) {
	s := func(from, to string) Stay { return Stay{from, to} }
	cases := []struct {
		name     string
		capacity int
		stay     Stay
		others   []Stay
		want     string
	}{
		{"empty host", 1, s("2026-12-01", "2026-12-10"), nil, ""},
		{"the day one ends the next begins", 1, s("2026-12-10", "2026-12-15"), []Stay{s("2026-12-01", "2026-12-10")}, ""},
		{"ends the day another begins", 1, s("2026-12-01", "2026-12-05"), []Stay{s("2026-12-05", "2026-12-09")}, ""},
		{"overlaps by a night", 1, s("2026-12-09", "2026-12-15"), []Stay{s("2026-12-01", "2026-12-10")}, "2026-12-09"},
		{"another begins within it", 1, s("2026-12-01", "2026-12-15"), []Stay{s("2026-12-08", "2026-12-20")}, "2026-12-08"},
		{"two places, one taken", 2, s("2026-12-01", "2026-12-15"), []Stay{s("2026-12-08", "2026-12-20")}, ""},
		{"two places, two taken on one night", 2, s("2026-12-01", "2026-12-15"),
			[]Stay{s("2026-11-20", "2026-12-03"), s("2026-12-02", "2026-12-04")}, "2026-12-02"},
		{"two places, taken one after the other", 2, s("2026-12-01", "2026-12-15"),
			[]Stay{s("2026-11-20", "2026-12-03"), s("2026-12-03", "2026-12-20")}, ""},
		{"a day's stay on a full day", 1, s("2026-12-05", "2026-12-05"), []Stay{s("2026-12-01", "2026-12-10")}, "2026-12-05"},
		{"a day's stay beside another's", 1, s("2026-12-05", "2026-12-05"), []Stay{s("2026-12-05", "2026-12-05")}, "2026-12-05"},
		{"unreadable others take no place", 1, s("2026-12-01", "2026-12-05"), []Stay{s("2026-12-xx", "2026-12-09"), s("2026-12-09", "2026-12-01")}, ""},
	}
	for _, c := range cases {
		if got := StayFull(c.capacity, c.stay, c.others); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
