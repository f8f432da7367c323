package trust

import (
	"strings"
	"testing"
)

func TestCanonicalEmail(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Bob@Example.org", "bob@example.org"},
		{" bob+tp@example.org ", "bob@example.org"},
		{"bob+a+b@example.org", "bob@example.org"},
		{"b.o.b@example.org", "b.o.b@example.org"}, // dots matter elsewhere
		{"B.o.B+x@gmail.com", "bob@gmail.com"},
		{"b.ob@googlemail.com", "bob@gmail.com"},
		{"bob@gmail.com.", "bob@gmail.com"},
		{"+tag@example.org", "+tag@example.org"}, // a bare +tag is the whole name
		{"no-at-sign", "no-at-sign"},
		{"", ""},
	}
	for _, c := range cases {
		if got := CanonicalEmail(c.in); got != c.want {
			t.Errorf("CanonicalEmail(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAssess(t *testing.T) {
	dir := []Entry{
		{ID: "1", Email: "president@temple.example", Phone: "+919876540000"},
		{ID: "2", Email: "gopal.das@gmail.com", Phone: ""},
	}
	bob := Contacts{Emails: []string{"bob@example.org", ""}, Phones: []string{"+919876543210"}}
	gmailBob := Contacts{Emails: []string{"bob.self@gmail.com"}}
	cases := []struct {
		name      string
		applicant Contacts
		c         Confirmation
		trusted   bool
		reason    string // part of the reasons when not trusted
	}{
		{"directory referrer", bob, Confirmation{"president@temple.example", "president@temple.example", "+919876540000"}, true, ""},
		{"directory referrer, typed in capitals", bob, Confirmation{"president@temple.example", "President@Temple.example", ""}, true, ""},
		{"directory gmail reached by a dotted variant", bob, Confirmation{"gopaldas@googlemail.com", "g.o.p.a.l.das@gmail.com", ""}, true, ""},
		{"unknown referrer", bob, Confirmation{"friend@example.net", "friend@example.net", "+919876540001"}, false, "not in the referrer directory"},
		{"applicant's +tag", bob, Confirmation{"bob+tp@example.org", "bob+tp@example.org", ""}, false, "applicant's own mailbox"},
		{"applicant's dotted gmail", gmailBob, Confirmation{"b.o.b.self+x@googlemail.com", "bobself@gmail.com", ""}, false, "applicant's own mailbox"},
		{"applicant's phone", bob, Confirmation{"friend@example.net", "friend@example.net", "+91 98765 43210"}, false, "applicant's own phone"},
		{"directory mailbox, someone else answering", bob, Confirmation{"president@temple.example", "other@example.net", ""}, false, "another email"},
		{"directory mailbox, applicant answering", bob, Confirmation{"president@temple.example", "bob@example.org", ""}, false, "applicant's own mailbox"},
		{"directory mailbox, applicant's phone", bob, Confirmation{"president@temple.example", "president@temple.example", "+919876543210"}, false, "applicant's own phone"},
		{"applicant who is in the directory", Contacts{Emails: []string{"president@temple.example"}}, Confirmation{"president@temple.example", "president@temple.example", ""}, false, "applicant's own mailbox"},
		{"directory entry with the applicant's phone", Contacts{Phones: []string{"+919876540000"}}, Confirmation{"president@temple.example", "", ""}, false, "applicant's own phone"},
	}
	for _, c := range cases {
		v := Assess(c.applicant, c.c, dir)
		if v.Trusted() != c.trusted {
			t.Errorf("%s: trusted = %v (%v)", c.name, v.Trusted(), v.Reasons)
			continue
		}
		if !c.trusted && !strings.Contains(v.Reason(), c.reason) {
			t.Errorf("%s: reasons %q lack %q", c.name, v.Reason(), c.reason)
		}
	}
}

func FuzzCanonicalEmail(f *testing.F) {
	for _, s := range []string{"bob+tp@example.org", "B.o.b@googlemail.com", "@", "+@gmail.com", "a@b@c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := CanonicalEmail(s)
		if CanonicalEmail(once) != once {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, once, CanonicalEmail(once))
		}
	})
}

func TestSameName(t *testing.T) {
	dir := []Entry{{ID: "1", Name: "Keshava Swami"}, {ID: "2", Name: "राधा  मोहन"}}
	for name, want := range map[string]string{
		"Keshava Swami": "1", "  keshava   SWAMI ": "1", "KeshavaSwami": "1", "राधा मोहन": "2",
		"Keshava Swamy": "", "": "", "   ": "", "Keshava": "",
	} {
		got := ""
		if e := SameName(dir, name); e != nil {
			got = e.ID
		}
		if got != want {
			t.Errorf("SameName(%q) = %q, want %q", name, got, want)
		}
	}
}
