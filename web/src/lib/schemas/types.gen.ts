// Generated from internal/entity (go test ./internal/entity -run TestSchemasModule -update); do not edit.
// One schema per public form: each field the form sends, its label, kind, limit,
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
