package entity

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// SchemasDir is where the web app keeps the generated form schemas, from
// the repository's root: one module per form, so that a page loads only
// the schema of its own form, and the types they share.
const SchemasDir = "web/src/lib/schemas"

// PublicForm is one form of the site and the entity whose definition is
// its schema. A staff form (Staff) sends the fields staff may set, the
// entity's editable ones; a public form sends its Form fields.
type PublicForm struct {
	Name   string
	Entity *Entity
	Staff  bool
}

// sends reports whether the form sends field f.
func (pf PublicForm) sends(f *Field) bool {
	if pf.Staff {
		return f.Editable
	}
	return f.Form
}

// PublicForms are the site's public forms, each validated in the browser
// with the schema its entity generates and on the server by the same
// definition.
var PublicForms = []PublicForm{
	{"register", Users, false}, {"volunteer", Volunteers, false}, {"disciple", Disciples, false},
	{"host", Hosts, false}, {"contact", Messages, false}, {"donation", Donations, false},
}

// CareForms are the care register's forms, kept in the schemas' care/
// folder: the register's pages check them with the schemas and the
// server with the same definitions. The needs of an assessment are sent
// inside it, each checked as a "need".
var CareForms = []PublicForm{
	{"record", Care, true}, {"assessment", CareAssessments, true}, {"need", CareNeeds, true},
	{"action", CareActions, true}, {"contact", CareContacts, true}, {"partner", Partners, true},
	{"payment", CarePayments, true},
}

// schemaField is what the browser checks of a field before sending.
type schemaField struct {
	Label      string   `json:"label"` // the web catalogue key of its label
	Kind       Kind     `json:"kind"`
	Required   string   `json:"required,omitempty"` // the message key of a missing value
	Max        int      `json:"max,omitempty"`
	Format     Format   `json:"format,omitempty"`
	Options    []string `json:"options,omitempty"`
	RevealedBy *Choice  `json:"revealedBy,omitempty"`
}

// generated heads every generated module.
const generated = "// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.\n"

// schemaTypes is the module of the types every schema shares: the shape
// of a schema and the values a form holds.
const schemaTypes = generated + `// One schema per public form: each field the form sends, its label, kind, limit,
// format, options, the choice that reveals it and the message key of a
// missing value. The server checks the same definitions.

export interface FieldSchema {
  /** The catalogue key of the field's label, in the definition's words. */
  readonly label: string;
  readonly kind: 'text' | 'bool' | 'list';
  /** The catalogue key of the message for a missing value. */
  readonly required?: string;
  /** The longest text, in characters; for a list, the most entries. */
  readonly max?: number;
  readonly format?: 'name' | 'email' | 'phone' | 'date' | 'option';
  readonly options?: readonly string[];
  /** The choice of a list that asks for this field. */
  readonly revealedBy?: { readonly key: string; readonly option: string };
}

export type FormSchema = Readonly<Record<string, FieldSchema>>;

/** FormValues are the values a form with this schema holds and sends. */
export type FormValues<S extends FormSchema> = {
  -readonly [K in keyof S]: S[K]['kind'] extends 'bool' ? boolean : S[K]['kind'] extends 'list' ? string[] : string;
};
`

// Schemas are the web app's modules of the public forms' schemas, by file
// name inside SchemasDir: types.gen.ts and one <form>.gen.ts per form. A
// test keeps the committed files equal to them.
func Schemas() (map[string]string, error) {
	out := map[string]string{"types.gen.ts": schemaTypes}
	for _, pf := range PublicForms {
		text, err := pf.schema("./types.gen")
		if err != nil {
			return nil, err
		}
		out[pf.Name+".gen.ts"] = text
	}
	for _, pf := range CareForms {
		text, err := pf.schema("../types.gen")
		if err != nil {
			return nil, err
		}
		out["care/"+pf.Name+".gen.ts"] = text
	}
	return out, nil
}

// schema is the form's generated module, importing the shared types from
// the module types.
func (pf PublicForm) schema(types string) (string, error) {
	var b strings.Builder
	b.WriteString(generated)
	b.WriteString("// The " + pf.Name + " form's fields, from the definition of " + pf.Entity.Name + ".\n")
	b.WriteString("import type { FormSchema } from '" + types + "';\n\n")
	b.WriteString("export const " + pf.Name + "Schema = {\n")
	for _, f := range pf.Entity.Fields {
		if !pf.sends(&f) {
			continue
		}
		if f.Kind != Text && f.Kind != Bool && f.Kind != List {
			return "", fmt.Errorf("entity: %s.%s: a form field of kind %s has no schema", pf.Entity.Name, f.Key, f.Kind)
		}
		if f.Required && f.PromptKey == "" {
			return "", fmt.Errorf("entity: %s.%s is required but names no web message (webPrompt)", pf.Entity.Name, f.Key)
		}
		sf := schemaField{Label: pf.labelKey(f.Key), Kind: f.Kind, Required: f.PromptKey, Max: f.Max, Format: f.Format, Options: f.Options, RevealedBy: f.RevealedBy}
		js, err := json.Marshal(sf)
		if err != nil {
			return "", err
		}
		b.WriteString("  " + f.Key + ": " + string(js) + ",\n")
	}
	b.WriteString("} as const satisfies FormSchema;\n")
	return b.String(), nil
}

// labelKey is the web catalogue's key of the label of the form's field
// key: "field.volunteer.skills" on the public forms, "care.formField.
// action.status" on the care register's (whose messages load with its
// pages).
func (pf PublicForm) labelKey(key string) string {
	if pf.Staff {
		return "care.formField." + pf.Name + "." + key
	}
	return "field." + pf.Name + "." + key
}

// FieldLabels are the labels of every form's fields in lang, by their web
// catalogue key, in the words of the definitions (the server's
// catalogue). The web catalogues hold them as generated keys, so a field
// added to a definition has its label on the form in every language.
func FieldLabels(lang string) map[string]string {
	out := map[string]string{}
	for _, pf := range append(slices.Clone(PublicForms), CareForms...) {
		for _, f := range pf.Entity.Fields {
			if pf.sends(&f) {
				out[pf.labelKey(f.Key)] = f.LabelMsg.In(lang)
			}
		}
	}
	return out
}
