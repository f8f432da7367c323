package i18n

import (
	"strconv"
	"time"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// indian is the number format of every language of the site: Indian
// grouping (1,00,000) in the digits 0–9, which bank statements, receipts
// and references use too.
var indian = message.NewPrinter(language.MustParse("en-IN"))

// Number writes n with Indian grouping: 100000 is "1,00,000".
func Number(n int64) string { return indian.Sprintf("%d", n) }

// Month is the name of month m in lang ("November", "नवंबर", "নভেম্বর").
func Month(lang string, m time.Month) string {
	return T(lang, "month."+strconv.Itoa(int(m)))
}

// Date writes t's day, month name and year in lang: "22 November 2026",
// "22 नवंबर 2026", "22 নভেম্বর 2026".
func Date(lang string, t time.Time) string {
	return strconv.Itoa(t.Day()) + " " + Month(lang, t.Month()) + " " + strconv.Itoa(t.Year())
}

// List joins items as a sentence does in lang: "a, b and c".
func List(lang string, items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	out := items[0]
	for _, it := range items[1 : len(items)-1] {
		out += ", " + it
	}
	return out + " " + T(lang, "list.and") + " " + items[len(items)-1]
}
