package care

import (
	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

// serviceWords name the services as the year's report writes them: the
// printable report in English, the CSV in the reader's language.
var serviceWords = map[string]i18n.Msg{
	"financial":         msgs.CareServiceFinancial,
	"healthcare":        msgs.CareServiceHealthcare,
	"spiritual":         msgs.CareServiceSpiritual,
	"health_assessment": msgs.CareServiceHealthAssessment,
	"community":         msgs.CareServiceCommunity,
	"relocation":        msgs.CareServiceRelocation,
	"advocacy":          msgs.CareServiceAdvocacy,
	"volunteering":      msgs.CareServiceVolunteering,
}

// ServiceWords is the name of a service code (the code itself, the same
// in every language, when it is none).
func ServiceWords(code string) i18n.Msg {
	if w, ok := serviceWords[code]; ok {
		return w
	}
	return i18n.Verbatim(code)
}
