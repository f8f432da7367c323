// Command gen writes keys.go of package msgs from the catalogue.
package main

import (
	"fmt"
	"os"

	"spdc/internal/i18n"
)

func main() {
	src, err := i18n.KeysSource()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("keys.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
