package mail

import (
	"fmt"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/localtime"
)

// DateTimeIn writes t in zone the way a reader of lang says it: English
// as everywhere on the site ("23 Nov 2026, 7:30 pm IST"); Hindi and
// Bengali with the month's name and the part of the day before the hour
// ("23 नवंबर 2026, शाम 7:30 बजे (भारतीय समय)").
func DateTimeIn(zone *localtime.Zone, lang string, t time.Time) string {
	if !i18n.Valid(lang) || lang == i18n.En {
		return zone.DateTime(t)
	}
	lt := zone.In(t)
	h := lt.Hour() % 12
	if h == 0 {
		h = 12
	}
	clock := fmt.Sprintf("%s %d:%02d", i18n.T(lang, dayPart(lang, lt.Hour())), h, lt.Minute())
	if lang == i18n.Hi {
		clock += " बजे"
	}
	where := i18n.T(lang, "mail.indianTime")
	if zone.Name() != localtime.Default().Name() {
		where = lt.Format("MST")
		if where != "" && (where[0] == '+' || where[0] == '-') {
			where = "UTC" + lt.Format("-07:00")
		}
	}
	return i18n.Date(lang, lt) + ", " + clock + " (" + where + ")"
}

// DateIn writes t's day in zone with the month's name in lang
// ("23 नवंबर 2026"; English "23 Nov 2026", as the site writes it).
func DateIn(zone *localtime.Zone, lang string, t time.Time) string {
	if !i18n.Valid(lang) || lang == i18n.En {
		return zone.Date(t)
	}
	return i18n.Date(lang, zone.In(t))
}

// dayPart names the part of the day an hour falls in, as Hindi and
// Bengali speakers tell the time (दोपहर 3:45 बजे, বিকেল 3:45).
func dayPart(lang string, hour int) string {
	switch {
	case hour >= 4 && hour < 12:
		return "mail.morning"
	case lang == i18n.Bn && hour >= 12 && hour < 15, lang != i18n.Bn && hour >= 12 && hour < 16:
		return "mail.afternoon"
	case lang == i18n.Bn && hour >= 15 && hour < 18, lang != i18n.Bn && hour >= 16 && hour < 20:
		return "mail.evening"
	case lang == i18n.Bn && hour >= 18 && hour < 20:
		return "mail.dusk"
	default:
		return "mail.night"
	}
}
