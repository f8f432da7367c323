package mail

import (
	"regexp"
	"testing"
)

func TestInert(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Ramesh Kumar", "Ramesh Kumar"},
		{"A.C. Bhaktivedanta Swami", "A.C. Bhaktivedanta Swami"},
		{"Śrī Rādhā Devī Dāsī", "Śrī Rādhā Devī Dāsī"},
		{"FREE PRIZE claim at evil.example now 8", "FREE PRIZE claim at evil[.]example now 8"},
		{"visit https://evil.example/x?y", "visit https[:]//evil[.]example/x?y"},
		{"www.evil.example", "www[.]evil[.]example"},
		{"write to me@evil.example", "write to me[@]evil[.]example"},
		{"mailto:x", "mailto[:]x"},
		{"Dr.Ram", "Dr[.]Ram"},
		{"two\nlines", "two lines"},
		{"1975-03-12", "1975-03-12"},
	}
	for _, tc := range cases {
		if got := Inert(tc.in); got != tc.want {
			t.Errorf("Inert(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// What a mail program would link: a scheme, www., an address, a host.
	linkish := regexp.MustCompile(`(?i)://|www\.|\w@\w|[a-z0-9-]+\.[a-z]{2,}`)
	for _, tc := range cases {
		if got := Inert(tc.in); linkish.MatchString(got) {
			t.Errorf("Inert(%q) = %q still looks like a link", tc.in, got)
		}
	}
}
