package entity

import (
	"encoding/json"
	"strings"
)

// TypeScriptPath is where the web app keeps the generated module, from
// the repository's root.
const TypeScriptPath = "web/src/lib/entities.gen.ts"

// tsField is what the web app's forms need of a field.
type tsField struct {
	Label     string   `json:"label"`
	Required  bool     `json:"required"`
	MaxLength int      `json:"maxLength,omitempty"`
	Format    Format   `json:"format,omitempty"`
	Options   []string `json:"options,omitempty"`
}

// TypeScript is the web app's module of the public forms' fields (labels,
// limits, formats and option lists), generated from the definitions so
// the pages never type an option list twice. A test keeps the committed
// file equal to it.
func TypeScript() string {
	var b strings.Builder
	b.WriteString("// Generated from internal/entity (go test ./internal/entity -run TestTypeScriptModule -update); do not edit.\n")
	b.WriteString("// The public forms' fields: labels, limits, formats and option lists.\n")
	for _, e := range All {
		fields := map[string]tsField{}
		for _, f := range e.Fields {
			if f.Form {
				fields[f.Key] = tsField{Label: f.Label, Required: f.Required, MaxLength: f.Max, Format: f.Format, Options: f.Options}
			}
		}
		if len(fields) == 0 || e == PendingDisciples {
			continue
		}
		js, _ := json.MarshalIndent(fields, "", "  ")
		b.WriteString("\nexport const " + strings.ReplaceAll(e.Name, "-", "") + "Fields = " + string(js) + " as const;\n")
	}
	return b.String()
}
