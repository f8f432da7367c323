package care

// serviceWords name the services in English for the report's CSV and
// PDF; the CSV puts them into the reader's language through the server's
// catalogue.
var serviceWords = map[string]string{
	"financial":         "Financial help",
	"healthcare":        "Health care",
	"spiritual":         "Emotional and spiritual support",
	"health_assessment": "Health assessment",
	"community":         "Community activities",
	"relocation":        "Relocation",
	"advocacy":          "Advocacy",
	"volunteering":      "Volunteering",
}

// ServiceWords returns the English name of a service code (the code
// itself when it is none).
func ServiceWords(code string) string {
	if w, ok := serviceWords[code]; ok {
		return w
	}
	return code
}
