package entity

import (
	"encoding/json"
	"fmt"
	"strings"
)

// SchemasDir is where the web app keeps the generated form schemas, from
// the repository's root: one module per form, so that a page loads only
// the schema of its own form, and the types they share.
const SchemasDir = "web/src/lib/schemas"

// PublicForm is one form of the public site and the entity whose
// definition is its schema.
type PublicForm struct {
	Name   string
	Entity *Entity
}

// PublicForms are the site's public forms, each validated in the browser
// with the schema its entity generates and on the server by the same
// definition.
var PublicForms = []PublicForm{
	{"register", Users}, {"volunteer", Volunteers}, {"disciple", Disciples},
	{"host", Hosts}, {"contact", Messages}, {"donation", Donations},
}

// schemaField is what the browser checks of a field before sending.
type schemaField struct {
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
const schemaTypes = generated + `// One schema per public form: each field the form sends, its kind, limit,
// format, options, the choice that reveals it and the message key of a
// missing value. The server checks the same definitions.

export interface FieldSchema {
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
		var b strings.Builder
		b.WriteString(generated)
		b.WriteString("// The " + pf.Name + " form's fields, from the definition of " + pf.Entity.Name + ".\n")
		b.WriteString("import type { FormSchema } from './types.gen';\n\n")
		b.WriteString("export const " + pf.Name + "Schema = {\n")
		for _, f := range pf.Entity.Fields {
			if !f.Form {
				continue
			}
			if f.Kind != Text && f.Kind != Bool && f.Kind != List {
				return nil, fmt.Errorf("entity: %s.%s: a form field of kind %s has no schema", pf.Entity.Name, f.Key, f.Kind)
			}
			if f.Required && f.PromptKey == "" {
				return nil, fmt.Errorf("entity: %s.%s is required but names no web message (webPrompt)", pf.Entity.Name, f.Key)
			}
			sf := schemaField{Kind: f.Kind, Required: f.PromptKey, Max: f.Max, Format: f.Format, Options: f.Options, RevealedBy: f.RevealedBy}
			js, err := json.Marshal(sf)
			if err != nil {
				return nil, err
			}
			b.WriteString("  " + f.Key + ": " + string(js) + ",\n")
		}
		b.WriteString("} as const satisfies FormSchema;\n")
		out[pf.Name+".gen.ts"] = b.String()
	}
	return out, nil
}
