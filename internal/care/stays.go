package care

import "time"

// Stay is a stay with a host, from the day it begins to the day it ends
// (YYYY-MM-DD). A stay takes its host's place for the nights between: the
// day one stay ends is free for the next to begin, and a stay that begins
// and ends on the same day takes that one day.
type Stay struct {
	From, To string
}

// nights are the first day the stay takes and the first it no longer does.
func (s Stay) nights() (from, end time.Time, ok bool) {
	f, err1 := time.Parse(time.DateOnly, s.From)
	t, err2 := time.Parse(time.DateOnly, s.To)
	if err1 != nil || err2 != nil || t.Before(f) {
		return f, t, false
	}
	if !t.After(f) {
		t = f.AddDate(0, 0, 1)
	}
	return f, t, true
}

// StayFull reports the first day of stay on which the host, taking
// capacity elders at a time, would have more than that with the other
// stays: "" when the stay fits. Stays whose days cannot be read take no
// place.
func StayFull(capacity int, stay Stay, others []Stay) string {
	from, end, ok := stay.nights()
	if !ok {
		return ""
	}
	type span struct{ from, end time.Time }
	var taken []span
	for _, o := range others {
		if f, e, ok := o.nights(); ok && f.Before(end) && from.Before(e) {
			taken = append(taken, span{f, e})
		}
	}
	// The most stays at once begin on the stay's first day or on a day
	// another stay begins within it.
	days := []time.Time{from}
	for _, t := range taken {
		if t.from.After(from) {
			days = append(days, t.from)
		}
	}
	var first time.Time
	for _, d := range days {
		n := 1
		for _, t := range taken {
			if !d.Before(t.from) && d.Before(t.end) {
				n++
			}
		}
		if n > capacity && (first.IsZero() || d.Before(first)) {
			first = d
		}
	}
	if first.IsZero() {
		return ""
	}
	return first.Format(time.DateOnly)
}
