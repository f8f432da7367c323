// Package localtime writes instants for the people the site serves: in
// the program's own time zone (SPDC_TIMEZONE, India's by default), with
// the month's name and the zone's short name, the way Indian letters and
// receipts write them ("23 Nov 2026, 7:30 pm IST"), so that no date reads
// two ways and no time leaves the reader guessing its zone.
package localtime

import (
	"fmt"
	"strings"
	"time"
)

// DefaultName is the zone used when SPDC_TIMEZONE is unset.
const DefaultName = "Asia/Kolkata"

// Zone is a time zone with the name its readers know it by.
type Zone struct {
	name string
	loc  *time.Location
}

// india is IST, UTC+05:30. India has kept it without daylight saving
// since 1945, so a fixed zone gives the same instants as the time zone
// database's Asia/Kolkata, without needing that database on the server.
var india = &Zone{name: DefaultName, loc: time.FixedZone("IST", 5*60*60+30*60)}

// Default is India's zone.
func Default() *Zone { return india }

// Load returns the zone of an IANA name ("Asia/Kolkata", "Europe/London");
// "" is the default. Zones other than India's need the server's time zone
// database.
func Load(name string) (*Zone, error) {
	name = strings.TrimSpace(name)
	switch name {
	case "", DefaultName, "Asia/Calcutta", "IST":
		return india, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil || name == "Local" {
		return nil, fmt.Errorf("must be a time zone name like %s or Europe/London, got %q", DefaultName, name)
	}
	return &Zone{name: name, loc: loc}, nil
}

// Name is the zone's IANA name.
func (z *Zone) Name() string { return z.orDefault().name }

func (z *Zone) orDefault() *Zone {
	if z == nil {
		return india
	}
	return z
}

// Location is the zone's location, for arithmetic on its days.
func (z *Zone) Location() *time.Location { return z.orDefault().loc }

// In returns t in the zone.
func (z *Zone) In(t time.Time) time.Time { return t.In(z.orDefault().loc) }

// Date writes the day of t in the zone: "23 Nov 2026".
func (z *Zone) Date(t time.Time) string { return z.In(t).Format("2 Jan 2006") }

// DateTime writes t in the zone with the zone's short name, the hour on
// twelve with am or pm: "23 Nov 2026, 7:30 pm IST". It is written into
// one buffer: an export writes it for every time of every row.
func (z *Zone) DateTime(t time.Time) string {
	lt := z.In(t)
	b := make([]byte, 0, 32)
	b = lt.AppendFormat(b, "2 Jan 2006, 3:04 ")
	if lt.Hour() >= 12 {
		b = append(b, "pm "...)
	} else {
		b = append(b, "am "...)
	}
	return string(appendZoneAbbr(b, lt))
}

// appendZoneAbbr appends the zone's short name at t (IST, BST, GMT);
// zones the database gives no letters for are written as their offset
// (UTC+04:00).
func appendZoneAbbr(b []byte, t time.Time) []byte {
	if abbr, _ := t.Zone(); abbr != "" && abbr[0] != '+' && abbr[0] != '-' {
		return append(b, abbr...)
	}
	return t.AppendFormat(append(b, "UTC"...), "-07:00")
}
