package msgs

import (
	"bytes"
	"os"
	"testing"

	"spdc/internal/i18n"
)

// keys.go is what the catalogue makes today: a key added, renamed or
// removed in the catalogue without go generate fails here.
func TestKeysCurrent(t *testing.T) {
	want, err := i18n.KeysSource()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("keys.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("keys.go is not current: run go generate ./internal/i18n/msgs")
	}
}
