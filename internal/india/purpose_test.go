package india

import "testing"

func TestPurposeWords(t *testing.T) {
	for code, want := range map[string]string{
		"Health": "Health care of elderly disciples", "Travel": "Travel of elderly disciples",
		"General": "The trust's general purposes, wherever most needed", "SPDC": "Running the SPDC program for elderly disciples",
		"Temple kitchen": "Temple kitchen",
	} {
		if got := PurposeWords(code); got != want {
			t.Errorf("PurposeWords(%q) = %q, want %q", code, got, want)
		}
	}
}
