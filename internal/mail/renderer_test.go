package mail

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"spdc/internal/i18n"
	"spdc/internal/localtime"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func testRenderer() *Renderer {
	return NewRenderer(Site{Name: "SPDC", PublicURL: "https://spdc.example.org/", ContactLine: "SPDC care program · https://spdc.example.org/contactus"})
}

var expires = time.Date(2026, 11, 21, 10, 15, 0, 0, time.UTC)

// TestGolden renders every template once in every language and compares
// subject, text and HTML with testdata/<kind>.golden (English) and
// testdata/<kind>.<lang>.golden (go test -run TestGolden -update rewrites
// them).
func TestGolden(t *testing.T) {
	for _, lang := range i18n.Languages {
		t.Run(lang, func(t *testing.T) { testGolden(t, lang) })
	}
}

func testGolden(t *testing.T, lang string) {
	r := testRenderer().In(lang)
	req := DiscipleRequest{ApplicantName: "Ramesh Kumar", InitiatedName: "Rasananda Das", InitiationDate: "1975-03-12", DiscipleID: "d1", ExpiresAt: expires.Add(7 * 24 * time.Hour)}
	// A link-bearing message is compared as it is sent: with its token.
	sent := func(token string) func(Message, error) (Message, error) {
		return func(m Message, err error) (Message, error) {
			if err != nil {
				return m, err
			}
			return m.WithLink(token, m.Link.Until)
		}
	}
	cases := map[string]func() (Message, error){
		KindPasswordReset: func() (Message, error) {
			return sent("abc123")(r.PasswordReset("user@example.org", "Radha Devi", "u1", expires))
		},
		KindVerifyEmail: func() (Message, error) {
			return sent("abc123")(r.VerifyEmail("user@example.org", "Radha Devi", "u1", expires))
		},
		KindDiscipleConfirmRequest: func() (Message, error) {
			return sent("tok-en_12")(r.DiscipleConfirmRequest("president@temple.example.org", req))
		},
		KindDiscipleReminder: func() (Message, error) {
			return sent("tok-en_12")(r.DiscipleReminder("president@temple.example.org", req))
		},
		KindDiscipleConfirmed: func() (Message, error) { return r.DiscipleConfirmed("ramesh@example.org", "Ramesh Kumar") },
		KindDiscipleDeclined: func() (Message, error) {
			return r.DiscipleDeclined("ramesh@example.org", "Ramesh Kumar", "I have not met him.\r\nPlease ask Mayapur.")
		},
		KindDiscipleRejected: func() (Message, error) { return r.DiscipleRejected("ramesh@example.org", "Ramesh Kumar") },
		KindPasswordChanged:  func() (Message, error) { return r.PasswordChanged("radha@example.org", "Radha Devi") },
		KindDiscipleExpired: func() (Message, error) {
			return r.DiscipleExpired("ramesh@example.org", "office@spdc.example.org", "Ramesh Kumar", "president@temple.example.org")
		},
		KindAcknowledgement: func() (Message, error) {
			return r.Acknowledgement("vol@example.org", "volunteer", Received{Ref: "V-4K7Q-2M", At: expires})
		},
		KindAdminCopy: func() (Message, error) {
			return r.AdminCopy("admin@example.org", "contact", []Field{{"Name", "Gopal"}, {"Email", "gopal@example.org"}, {"Message", "Line one\nLine two"}})
		},
		KindSignInAttempts: func() (Message, error) { return r.SignInAttempts("user@example.org", "Radha Devi") },
		KindMailCapAlert:   func() (Message, error) { return r.MailCapAlert("admin@example.org", 100) },
		KindOpsAlert: func() (Message, error) {
			return r.OpsAlert("admin@example.org", "backup_failed", "backup directory /srv/backups: <permission denied>", expires)
		},
		KindBreachNotice: func() (Message, error) {
			return r.BreachNotice("radha@example.org", Breach{Occurred: expires.AddDate(0, 0, -3), Found: expires,
				WhatHappened: "A volunteer's laptop holding the list of\r\nhosts was stolen.", DataAffected: "Your name, <address> and phone number.",
				Consequences: "Someone may call you pretending to be us.", Measures: "We reported the theft to the police.",
				Advice: "Do not give money to anyone who calls.", Contact: "Our grievance officer, privacy@spdc.example.org"})
		},
		KindGrievanceAnswer: func() (Message, error) {
			return r.GrievanceAnswer("radha@example.org", "We hold your volunteer form.\r\nWe have <deleted> your phone number.")
		},
		KindGrievanceReminder: func() (Message, error) {
			return r.GrievanceReminder("admin@example.org", expires.Add(30*24*time.Hour))
		},
		KindStaffRoles: func() (Message, error) {
			return r.StaffRoles("radha@example.org", "Radha Devi", []string{"coordinator", "accountant"})
		},
		KindTwoStep: func() (Message, error) {
			return r.TwoStep("radha@example.org", "Radha Devi", TwoStepReset)
		},
		KindAccountInactive: func() (Message, error) {
			return r.AccountInactive("radha@example.org", "Radha Devi", expires.AddDate(-1, 1, 0), expires.AddDate(0, 1, 0), 12)
		},
		KindStaffReply: func() (Message, error) {
			return r.StaffReply("gopal@example.org", "office@spdc.example.org", "About your offer to volunteer",
				"Dear Gopal,\r\nWe would like to meet you on <Tuesday>.", "https://spdc.example.org/unsubscribe/abc")
		},
		KindStaffDigest: func() (Message, error) {
			return r.StaffDigest("admin@example.org", "Radha Devi", "22 Nov 2026, 08:00", []DigestLine{{"Volunteers", 2}, {"Messages", 1}}, nil, DigestOverdue{})
		},
		KindReceipt: func() (Message, error) {
			return r.Receipt("radha@example.org", "Radha Devi", "SPDC/2026-27/000001", "₹1,05,000", true, false,
				Attachment{Name: "receipt-SPDC-2026-27-000001.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.7")})
		},
	}
	if len(cases) != len(kinds) {
		t.Fatalf("golden cases cover %d of %d templates", len(cases), len(kinds))
	}
	for kind, fn := range cases {
		t.Run(kind, func(t *testing.T) {
			m, err := fn()
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != kind {
				t.Errorf("Kind = %q, want %q", m.Kind, kind)
			}
			got := "To: " + m.To + "\nSubject: " + m.Subject + "\n\n--- text ---\n" + m.Text + "\n--- html ---\n" + m.HTML
			path := filepath.Join("testdata", kind+".golden")
			if lang != i18n.En {
				path = filepath.Join("testdata", kind+"."+lang+".golden")
			}
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/mail -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", kind, path, got)
			}
		})
	}
}

// TestLinks: a link-bearing message is rendered with slots and no token;
// WithLink writes the token and the expiry into the copy that is sent.
func TestLinks(t *testing.T) {
	r := testRenderer()
	m, err := r.PasswordReset("u@example.org", "U", "user-1", expires)
	if err != nil {
		t.Fatal(err)
	}
	if m.Link != (Link{Kind: LinkPasswordReset, Ref: "user-1", Until: expires}) || m.CheckStorable() != nil {
		t.Errorf("reset link = %+v (%v)", m.Link, m.CheckStorable())
	}
	if strings.Contains(m.Text, "21 Nov 2026") {
		t.Errorf("stored body states its expiry before the link exists:\n%s", m.Text)
	}
	sent, err := m.WithLink("abc", expires.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sent.Text, "https://spdc.example.org/reset-password/abc\n") || !strings.Contains(sent.HTML, `href="https://spdc.example.org/reset-password/abc"`) {
		t.Errorf("reset link missing:\n%s\n%s", sent.Text, sent.HTML)
	}
	// The expiry is written in India's time with its zone's name.
	if !strings.Contains(sent.Text, "21 Nov 2026, 4:45 pm IST") || !strings.Contains(sent.HTML, "21 Nov 2026, 4:45 pm IST") {
		t.Errorf("expiry not written in:\n%s", sent.Text)
	}
	if strings.Contains(m.Text, "abc") {
		t.Error("WithLink changed the stored message")
	}
	for _, bad := range []string{"", "a b", "a&b", "a/b", "a+b", "a%2F"} {
		if _, err := m.WithLink(bad, expires); err == nil {
			t.Errorf("token %q accepted", bad)
		}
	}
	m, err = r.DiscipleConfirmRequest("p@example.org", DiscipleRequest{ApplicantName: "A", DiscipleID: "d1", ExpiresAt: expires})
	if err != nil {
		t.Fatal(err)
	}
	if m.Link != (Link{Kind: LinkDiscipleConfirm, Ref: "d1", Until: expires}) {
		t.Errorf("confirm link = %+v", m.Link)
	}
	if m, err = m.WithLink("a-b_c", expires); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "https://spdc.example.org/Reg?token=a-b_c\n") || !strings.Contains(m.HTML, `href="https://spdc.example.org/Reg?token=a-b_c"`) {
		t.Errorf("confirm link missing:\n%s\n%s", m.Text, m.HTML)
	}
	for _, want := range []string{"21 Nov 2026, 3:45 pm IST", "I do not know this applicant"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("confirm request lacks %q", want)
		}
	}
	if _, err := r.DiscipleReminder("p@example.org", DiscipleRequest{ApplicantName: "A", ExpiresAt: expires}); err == nil {
		t.Error("a confirmation request without its registration was rendered")
	}
	if _, err := r.PasswordReset("u@example.org", "U", "", expires); err == nil {
		t.Error("a reset without its user was rendered")
	}
	plain, _ := r.Acknowledgement("a@example.org", "contact", Received{Ref: "V-4K7Q-2M", At: expires})
	if _, err := plain.WithLink("abc", expires); err == nil {
		t.Error("WithLink accepted a message without a link")
	}
	broken := Message{Text: "no slot", Link: Link{Kind: LinkPasswordReset, Ref: "u", Until: expires}}
	if broken.CheckStorable() == nil {
		t.Error("a link-bearing message without its slot is storable")
	}
}

func TestHostileValues(t *testing.T) {
	r := testRenderer()
	evil := "<script>alert(1)</script>\r\nBcc: victim@example.org"
	m, err := r.DiscipleConfirmRequest("p@example.org", DiscipleRequest{ApplicantName: evil, InitiatedName: `"><img src=x onerror=alert(1)>`, DiscipleID: "d1", ExpiresAt: expires})
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		t.Errorf("subject has a line break: %q", m.Subject)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<img") {
		t.Errorf("HTML not escaped:\n%s", m.HTML)
	}
	if !strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("escaped name missing:\n%s", m.HTML)
	}
	if strings.Contains(m.Text, "\nBcc:") {
		t.Errorf("name broke a line in the text part:\n%s", m.Text)
	}
	m, err = r.AdminCopy("a@example.org", "contact", []Field{{"Message", "<b>hi</b>"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<b>hi") {
		t.Errorf("field not escaped:\n%s", m.HTML)
	}
	if _, err := r.Acknowledgement("not an address", "contact", Received{Ref: "V-4K7Q-2M", At: expires}); err == nil {
		t.Error("bad recipient accepted")
	}
	if _, err := r.Acknowledgement("a@example.org", "nope", Received{Ref: "V-4K7Q-2M", At: expires}); err == nil {
		t.Error("unknown form accepted")
	}
}

// TestDiscipleExpired checks the expiry notice's facts and links, that it
// offers a reply only when replies reach someone, and that user values are
// escaped.
func TestDiscipleExpired(t *testing.T) {
	r := testRenderer()
	m, err := r.DiscipleExpired("ramesh@example.org", "", "Ramesh Kumar", "president@temple.example.org")
	if err != nil {
		t.Fatal(err)
	}
	if m.ReplyTo != "" || strings.Contains(m.Text, "reply") || strings.Contains(m.HTML, "reply") {
		t.Errorf("offers a reply without a reply address:\n%s", m.Text)
	}
	for _, want := range []string{"Ramesh Kumar", "president[@]temple[.]example[.]org", "30 days", "expired", "nothing is lost",
		"https://spdc.example.org/contactus", "https://spdc.example.org/discipleRegistration"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("expiry notice lacks %q", want)
		}
	}
	m, err = r.DiscipleExpired("ramesh@example.org", "office@spdc.example.org", "Ramesh", "tp@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if m.ReplyTo != "office@spdc.example.org" || !strings.Contains(m.Text, "reply to this email") || !strings.Contains(m.HTML, "reply to this email") {
		t.Errorf("reply not offered with a reply address: %q\n%s", m.ReplyTo, m.Text)
	}
	evil := "<script>alert(1)</script>\r\nBcc: victim@example.org"
	m, err = r.DiscipleExpired("ramesh@example.org", "", evil, `"><img src=x onerror=alert(1)>`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<img") || !strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("HTML not escaped:\n%s", m.HTML)
	}
	if strings.Contains(m.Text, "\nBcc:") {
		t.Errorf("name broke a line in the text part:\n%s", m.Text)
	}
	m, err = r.DiscipleExpired("ramesh@example.org", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Dear friend,") {
		t.Errorf("empty name not defaulted:\n%s", m.Text)
	}
	if _, err := r.DiscipleExpired("not an address", "", "A", "tp@example.org"); err == nil {
		t.Error("bad recipient accepted")
	}
	if _, err := r.DiscipleExpired("a@example.org", "bad\r\nBcc: x@y.org", "A", "tp@example.org"); err == nil {
		t.Error("bad reply-to accepted")
	}
}

// TestThirdPartyMail: the temple president's request carries the
// applicant's words only as labelled, inert data: not in the subject, not
// in a link, not in the site's own sentences.
func TestThirdPartyMail(t *testing.T) {
	r := testRenderer()
	name := "FREE PRIZE claim at evil.example now 8"
	for _, render := range []func(string, DiscipleRequest) (Message, error){r.DiscipleConfirmRequest, r.DiscipleReminder} {
		m, err := render("president@temple.example.org", DiscipleRequest{ApplicantName: name, InitiatedName: "see www.evil.example", DiscipleID: "d1", ExpiresAt: expires})
		if err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{m.Subject, m.Text, m.HTML} {
			for _, bad := range []string{"FREE PRIZE", "evil.example", "www.evil"} {
				if bad == "FREE PRIZE" && part != m.Subject {
					continue
				}
				if strings.Contains(part, bad) {
					t.Errorf("%s holds %q:\n%s", m.Kind, bad, part)
				}
			}
		}
		if m.Subject != "Please confirm an applicant for SPDC" && m.Subject != "Reminder: an applicant is waiting for your confirmation - SPDC" {
			t.Errorf("subject %q", m.Subject)
		}
		// The name shows only on its labelled line, after the call to act.
		if !strings.Contains(m.Text, "Name:            FREE PRIZE claim at evil[.]example now 8\n") {
			t.Errorf("labelled name missing:\n%s", m.Text)
		}
		if strings.Index(m.Text, "FREE PRIZE") < strings.Index(m.Text, "https://spdc.example.org/Reg?token=tok") {
			t.Errorf("the applicant's words come before the site's link:\n%s", m.Text)
		}
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"a\r\nb":       "a b",
		"  a \t b  ":   "a b",
		"x\u2028y\x00": "x y",
		"":             "",
	} {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// The hour is told with its part of the day in Hindi and Bengali, and the
// zone as India's time (or the zone's letters elsewhere).
func TestDateTimeIn(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 11, 22, h, m, 0, 0, localtime.Default().Location()) }
	for _, c := range []struct {
		lang string
		t    time.Time
		want string
	}{
		{"en", at(19, 30), "22 Nov 2026, 7:30 pm IST"},
		{"hi", at(9, 5), "22 नवंबर 2026, सुबह 9:05 बजे (भारतीय समय)"},
		{"hi", at(12, 0), "22 नवंबर 2026, दोपहर 12:00 बजे (भारतीय समय)"},
		{"hi", at(17, 30), "22 नवंबर 2026, शाम 5:30 बजे (भारतीय समय)"},
		{"hi", at(0, 15), "22 नवंबर 2026, रात 12:15 बजे (भारतीय समय)"},
		{"bn", at(15, 45), "22 নভেম্বর 2026, বিকেল 3:45 (ভারতীয় সময়)"},
		{"bn", at(19, 0), "22 নভেম্বর 2026, সন্ধ্যা 7:00 (ভারতীয় সময়)"},
		{"bn", at(22, 10), "22 নভেম্বর 2026, রাত 10:10 (ভারতীয় সময়)"},
		{"fr", at(19, 30), "22 Nov 2026, 7:30 pm IST"},
	} {
		if got := DateTimeIn(nil, c.lang, c.t); got != c.want {
			t.Errorf("DateTimeIn(%s, %v) = %q, want %q", c.lang, c.t, got, c.want)
		}
	}
	london, err := localtime.Load("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	if got := DateTimeIn(london, "hi", time.Date(2026, 7, 1, 8, 0, 0, 0, time.UTC)); got != "1 जुलाई 2026, सुबह 9:00 बजे (BST)" {
		t.Errorf("London: %q", got)
	}
}

// Every kind is written in every language with the same values as the
// English template (none lost, none invented).
func TestTemplatesAgree(t *testing.T) {
	field := regexp.MustCompile(`\.[A-Z][A-Za-z]*(\.[A-Z][A-Za-z]*)*`)
	action := regexp.MustCompile(`\{\{[^}]*\}\}`)
	uses := func(path string) []string {
		b, err := templateFS.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		for _, a := range action.FindAllString(string(b), -1) {
			for _, f := range field.FindAllString(a, -1) {
				set[f] = true
			}
		}
		out := make([]string, 0, len(set))
		for f := range set {
			out = append(out, f)
		}
		slices.Sort(out)
		return out
	}
	for _, k := range kinds {
		for _, ext := range []string{".txt.tmpl", ".html.tmpl"} {
			en := uses(templateDir(i18n.En) + k + ext)
			for _, lang := range i18n.Languages[1:] {
				if got := uses(templateDir(lang) + k + ext); !slices.Equal(got, en) {
					t.Errorf("%s%s in %s uses %v, English %v", k, ext, lang, got, en)
				}
			}
		}
	}
}

// The temple president's request goes in the applicant's language with
// the English text below it; the link's expiry is written in each.
func TestConfirmRequestBilingual(t *testing.T) {
	req := DiscipleRequest{ApplicantName: "राधा देवी", DiscipleID: "d1", ExpiresAt: expires}
	for lang, own := range map[string]string{"hi": "यह लिंक 21 नवंबर 2026, दोपहर 3:45 बजे (भारतीय समय) तक मान्य है।", "bn": "এই লিংকটি 21 নভেম্বর 2026, বিকেল 3:45 (ভারতীয় সময়) পর্যন্ত বৈধ।"} {
		m, err := testRenderer().In(lang).DiscipleConfirmRequest("tp@example.org", req)
		if err != nil {
			t.Fatal(err)
		}
		sent, err := m.WithLink("tok", expires)
		if err != nil {
			t.Fatal(err)
		}
		i, j := strings.Index(sent.Text, own), strings.Index(sent.Text, "The link expires on 21 Nov 2026, 3:45 pm IST.")
		if i < 0 || j < 0 || i > j || !strings.Contains(sent.Text, "----- English -----") || !strings.HasSuffix(sent.Subject, " / Please confirm an applicant for SPDC") {
			t.Errorf("%s: %s\n%s", lang, sent.Subject, sent.Text)
		}
		if !strings.Contains(sent.HTML, `<html lang="`+lang+`">`) || !strings.Contains(sent.HTML, `<div lang="en">`) || strings.Count(sent.Text, "राधा देवी") != 2 {
			t.Errorf("%s html: %s", lang, sent.HTML)
		}
		// Another kind in that language has no English part.
		c, err := testRenderer().In(lang).DiscipleConfirmed("a@example.org", "राधा देवी")
		if err != nil || strings.Contains(c.Text, "English") || strings.Contains(c.Subject, "/") {
			t.Errorf("%s confirmed: %v %s", lang, err, c.Text)
		}
	}
}
