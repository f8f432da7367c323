package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/mail"
	"spdc/internal/outbox"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// syncBuffer is a log destination shared by the server and the worker.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var emailInLog = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)

// TestLogsHoldNoPersonalData runs register, forgot (known and unknown
// address), reset, contact and disciple registration, with the outbox
// worker delivering to files, all logging at Info into one buffer, and
// finds no email address, name or phone number in it; at Debug the
// recipients appear masked only.
func TestLogsHoldNoPersonalData(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		for _, level := range []slog.Level{slog.LevelInfo, slog.LevelDebug} {
			var buf syncBuffer
			log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: level}))
			ip := 10 + int(level)
			e := newEnv(t, st, withLog(log), notifying("office@spdc.example"), fromAddress("192.0.2."+string(rune('0'+ip%10))),
				startingAt(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC).Add(time.Duration(level)*time.Hour)))
			cfg, clock := e.s.cfg, e.now
			dir := t.TempDir()
			var sentMu sync.Mutex
			var sent []mail.Message
			files := mail.NewFileSender(filepath.Join(dir, "mail"), cfg.MailFrom, log)
			w := outbox.NewWorker(st, mail.SenderFunc(func(ctx context.Context, m mail.Message) error {
				sentMu.Lock()
				sent = append(sent, m)
				sentMu.Unlock()
				return files.Send(ctx, m)
			}), outbox.Options{Now: clock, Log: log})
			deliver := func() {
				for {
					n, err := w.ProcessOnce(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					if n == 0 {
						return
					}
				}
			}
			call := func(method, path string, body any) int { return e.call(method, path, body, "").Status }
			suffix := strings.ToLower(level.String())
			email := "gopika." + suffix + "@example.org"
			if c := call("POST", "/api/users/register", map[string]any{"fullName": "Gopika Sundari", "email": email,
				"mobile": "+91 98765 1111" + string(rune('0'+ip%10)), "password": "a long passphrase"}); c != http.StatusCreated {
				t.Fatalf("register: %d", c)
			}
			for _, addr := range []string{email, "nobody." + suffix + "@example.org"} {
				if c := call("POST", "/api/users/forgot-password", map[string]any{"email": addr}); c != 200 {
					t.Fatalf("forgot: %d", c)
				}
			}
			deliver()
			var token string
			for _, m := range sent {
				if l := resetLinkRE.FindStringSubmatch(m.Text); l != nil && m.To == email {
					token = l[1]
				}
			}
			if c := call("POST", "/api/users/reset-password", map[string]any{"token": token, "password": "another long passphrase"}); c != 200 {
				t.Fatalf("reset: %d", c)
			}
			// The confirmation link's page and its call: the token is in the
			// page's path, which the request log writes without it.
			var verify string
			for _, m := range sent {
				if l := verifyLinkRE.FindStringSubmatch(m.Text); l != nil && m.To == email {
					verify = l[1]
				}
			}
			if verify == "" {
				t.Fatal("no confirmation mail")
			}
			call("GET", "/verify-email/"+verify, nil)
			if c := call("POST", "/api/users/verify-email", map[string]any{"token": verify}); c != 200 && c != 410 {
				t.Fatalf("verify: %d", c)
			}
			if strings.Contains(buf.String(), verify) {
				t.Errorf("%s log holds the confirmation token", level)
			}
			contact := validContact()
			contact["name"], contact["email"], contact["phone"] = "Radha Kunjeshwari", "radha."+suffix+"@example.org", "+44 20 7946 0958"
			if c := call("POST", "/api/contact", contact); c != http.StatusCreated && c != 200 {
				t.Fatalf("contact: %d", c)
			}
			d := validDisciple()
			d["fullName"], d["discipleEmail"], d["templePresidentEmail"] = "Madhava Kumar "+suffix, "madhava."+suffix+"@example.org", "tp."+suffix+"@temple.example"
			if c := call("POST", "/api/disciples/register", d); c != http.StatusCreated {
				t.Fatalf("disciple: %d", c)
			}
			deliver()
			if len(sent) < 5 {
				t.Fatalf("only %d mails sent", len(sent))
			}
			out := buf.String()
			// The phone numbers as typed and as stored: a shorter piece of
			// them also turns up by chance in the random digits of ids and
			// temporary file names.
			for _, bad := range []string{"Gopika", "Sundari", "Radha", "Kunjeshwari", "Madhava", "98765 1111", "987651111", "7946 0958", "79460958", "unknown"} {
				if strings.Contains(out, bad) {
					t.Errorf("%s log holds %q:\n%s", level, bad, out)
				}
			}
			if addrs := emailInLog.FindAllString(out, -1); len(addrs) > 0 {
				t.Errorf("%s log holds addresses %v", level, addrs)
			}
			if level == slog.LevelDebug && !strings.Contains(out, "g***@example.org") {
				t.Errorf("debug log does not name the recipient masked:\n%s", out)
			}
		}
	})
}

// TestLogHoldsNoSecretFromAPath requests every route that carries a secret
// in its path (web pages and API calls, each method, an unclean path, a
// longer path) and the confirmation page's ?token=, at Debug, and finds
// none of the secrets in the log; the routes' patterns are logged instead.
func TestLogHoldsNoSecretFromAPath(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		var buf syncBuffer
		log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
		e := newEnv(t, st, withLog(log), withWeb(testWeb), withoutMail(), withRealTime())
		var secrets []string
		for i, route := range secretRoutes {
			base := route[:strings.Index(route, "{")]
			for j, method := range []string{"GET", "POST", "PUT", "DELETE"} {
				secret := fmt.Sprintf("Sekret%02d%dQ7xZ", i, j)
				secrets = append(secrets, secret)
				for _, path := range []string{base + secret, base + "x/" + secret, strings.Replace(base, "/", "//", 1) + secret} {
					e.call(method, path, `{}`, "")
				}
			}
		}
		secrets = append(secrets, "QueryTokenZ9")
		e.call("GET", "/Reg?token=QueryTokenZ9", nil, "")
		e.call("GET", "/api/referrers?token=QueryTokenZ9", nil, "")
		out := buf.String()
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("log holds the secret %q", s)
			}
		}
		for _, want := range []string{"path=/reset-password/{token...}", "path=/api/setup/{token...}", "path=/unsubscribe/{token...}", "path=/api/receipts/verify/{code...}", "path=/Reg "} {
			if !strings.Contains(out, want) {
				t.Errorf("log lacks %q:\n%s", want, out)
			}
		}
	})
}
