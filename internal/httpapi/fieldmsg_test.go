package httpapi

import (
	"testing"

	"spdc/internal/i18n"
	"spdc/internal/i18n/msgs"
)

func TestFieldsMessage(t *testing.T) {
	atLeast10 := msgs.FieldMustAtLeastNCharacters.With("n", 10)
	for _, c := range []struct {
		fields map[string]i18n.Msg
		want   map[string]string // by language
	}{
		{map[string]i18n.Msg{"password": atLeast10}, map[string]string{
			i18n.En: "Password must be at least 10 characters.",
			i18n.Hi: "पासवर्ड में कम से कम 10 अक्षर होने चाहिए।"}},
		{map[string]i18n.Msg{"email": msgs.CheckEnterEmailAddress}, map[string]string{i18n.En: "Please enter your email address."}},
		{map[string]i18n.Msg{"nearestCenter": msgs.FieldMustAtMostNCharacters.With("n", 200)}, map[string]string{i18n.En: "Nearest center must be at most 200 characters."}},
		{map[string]i18n.Msg{"somethingNew": msgs.FieldRequired}, map[string]string{i18n.En: "Something new is required."}},
		{map[string]i18n.Msg{"alt": i18n.Verbatim("Describe the picture")}, map[string]string{i18n.En: "Describe the picture."}},
		{map[string]i18n.Msg{"password": msgs.FieldRequired, "fullName": msgs.FieldRequired}, map[string]string{
			i18n.En: "Please correct these two fields: Full name and Password.",
			i18n.Bn: "অনুগ্রহ করে এই 2টি তথ্য ঠিক করুন: পুরো নাম ও পাসওয়ার্ড।"}},
		{map[string]i18n.Msg{"mobile": msgs.FieldRequired, "email": msgs.FieldRequired, "fullName": msgs.FieldRequired}, map[string]string{
			i18n.En: "Please correct these three fields: Full name, Email and Mobile."}},
	} {
		for lang, want := range c.want {
			if got := fieldsMessage(lang, c.fields); got != want {
				t.Errorf("fieldsMessage(%s, %v) = %q, want %q", lang, c.fields, got, want)
			}
		}
	}
	// The English field errors stay phrases after the label, as the web
	// app shows them; another language gets the whole sentence.
	fields := map[string]i18n.Msg{"password": atLeast10, "email": msgs.CheckEnterEmailAddress}
	en := localFields(i18n.En, fields)
	if en["password"] != "must be at least 10 characters" || en["email"] != "Please enter your email address." {
		t.Errorf("English fields = %v", en)
	}
	if hi := localFields(i18n.Hi, fields); hi["password"] != "पासवर्ड में कम से कम 10 अक्षर होने चाहिए।" {
		t.Errorf("Hindi fields = %v", hi)
	}
	if got := keyWords("phones.0.dial"); got != "Phones 0 dial" {
		t.Errorf("keyWords = %q", got)
	}
}
