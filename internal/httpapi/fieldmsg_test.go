package httpapi

import (
	"testing"

	"spdc/internal/i18n"
)

func TestFieldsMessage(t *testing.T) {
	for _, c := range []struct {
		fields map[string]string
		want   string
	}{
		{map[string]string{"password": "must be at least 10 characters"}, "Password must be at least 10 characters."},
		{map[string]string{"email": "Please enter your email address."}, "Please enter your email address."},
		{map[string]string{"nearestCenter": "must be at most 200 characters"}, "Nearest center must be at most 200 characters."},
		{map[string]string{"somethingNew": "is required"}, "Something new is required."},
		{map[string]string{"alt": "Describe the picture"}, "Describe the picture."},
		{map[string]string{"password": "is required", "fullName": "is required"}, "Please correct these two fields: Full name and Password."},
		{map[string]string{"mobile": "x", "email": "y", "fullName": "z"}, "Please correct these three fields: Full name, Email and Mobile."},
	} {
		if got := fieldsMessage(i18n.En, c.fields); got != c.want {
			t.Errorf("fieldsMessage(%v) = %q, want %q", c.fields, got, c.want)
		}
	}
	if got := keyWords("phones.0.dial"); got != "Phones 0 dial" {
		t.Errorf("keyWords = %q", got)
	}
}
