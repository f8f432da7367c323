package receipt

import "testing"

// BenchmarkPDF measures drawing one receipt, font subsetting and compression
// included.
func BenchmarkPDF(b *testing.B) {
	d := sample()
	for b.Loop() {
		if _, err := PDF(d); err != nil {
			b.Fatal(err)
		}
	}
}
