package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/roles"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// sendVolunteers posts n volunteer forms, each for a different person, with
// token ("" signed out), and returns how many were answered with each
// status; every 429 must carry a wait and a clear message.
func (e *env) sendVolunteers(n int, token, tag string) map[int]int {
	e.t.Helper()
	got := map[int]int{}
	for i := range n {
		p := validVolunteer()
		p["fullName"] = fmt.Sprintf("Elder %s %d", tag, i)
		p["email"] = fmt.Sprintf("elder.%s.%d@example.org", tag, i)
		r := e.call("POST", "/api/volunteers/register", p, token)
		got[r.Status]++
		if r.Status == http.StatusTooManyRequests {
			if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs <= 0 || !strings.Contains(r.message(), "several forms") {
				e.t.Fatalf("429 without a wait or a clear message: %v %s", r.Header, r.Raw)
			}
		} else if r.Status != http.StatusCreated {
			e.t.Fatalf("volunteer form %s %d: %d %s", tag, i, r.Status, r.Raw)
		}
	}
	return got
}

// TestFormLimitsPerVerifiedAccount: from one shared client address (a
// temple office), an account that proved its email address sends more
// forms than one client may and every one is saved, until its own
// account's limit answers 429 with a wait; an unverified account and a
// signed-out visitor on the same address keep the client's limit; a
// coordinator is counted per account whether verified or not.
func TestFormLimitsPerVerifiedAccount(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.ip = "203.0.113.40"
		clientMax, accountMax := auth.FormsPerAddress.Max, auth.FormsPerAccount.Max
		if accountMax <= clientMax {
			t.Fatalf("the account's limit (%d) is no looser than the client's (%d)", accountMax, clientMax)
		}

		office := e.registerAndLogin("Temple Office", "office.verified@example.org", "Tulasi-garden-2025!")
		e.verifyAddress("office.verified@example.org")
		if !e.emailVerified(office) {
			t.Fatal("the office's address is not verified")
		}
		if got := e.sendVolunteers(clientMax+5, office, "verified"); got[http.StatusCreated] != clientMax+5 {
			t.Fatalf("verified account beyond the client's limit: %v", got)
		}
		if n := e.count("volunteers"); n != clientMax+5 {
			t.Fatalf("%d volunteers saved, want %d", n, clientMax+5)
		}

		// The same address, an account that has not proved its email: the
		// client's limit, untouched by the verified account's forms.
		plain := e.registerAndLogin("Unverified Helper", "helper.unverified@example.org", "Tulasi-garden-2025!")
		if e.emailVerified(plain) {
			t.Fatal("a new account is verified before opening its link")
		}
		if got := e.sendVolunteers(clientMax+2, plain, "unverified"); got[http.StatusCreated] != clientMax || got[http.StatusTooManyRequests] != 2 {
			t.Fatalf("unverified account: %v", got)
		}
		// A signed-out visitor on that address shares the used-up client
		// limit.
		if got := e.sendVolunteers(1, "", "visitor"); got[http.StatusTooManyRequests] != 1 {
			t.Fatalf("signed-out visitor: %v", got)
		}
		p := validContact()
		before := e.count("messages")
		for range contactLimit {
			if r := e.call("POST", "/api/contact", p, ""); r.Status != http.StatusCreated {
				t.Fatalf("visitor's contact message: %d %s", r.Status, r.Raw)
			}
		}
		if r := e.call("POST", "/api/contact", p, ""); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("visitor beyond the contact limit: %d %s", r.Status, r.Raw)
		}
		// The verified account's contact messages count with its forms,
		// not under the client's used-up contact limit.
		if r := e.call("POST", "/api/contact", p, office); r.Status != http.StatusCreated {
			t.Fatalf("verified account's contact message: %d %s", r.Status, r.Raw)
		}
		if n := e.count("messages"); n != before+contactLimit+1 {
			t.Fatalf("%d messages saved, want %d", n, before+contactLimit+1)
		}

		// The account's own hourly limit: its forms and its message so far
		// count, the rest of the hour is refused and saves nothing.
		sent := clientMax + 5 + 1
		saved := e.count("volunteers")
		if got := e.sendVolunteers(accountMax-sent+3, office, "verified-more"); got[http.StatusCreated] != accountMax-sent || got[http.StatusTooManyRequests] != 3 {
			t.Fatalf("verified account up to its hourly limit: %v", got)
		}
		if n := e.count("volunteers"); n != saved+accountMax-sent {
			t.Fatalf("%d volunteers saved, want %d (a refused form saves nothing)", n, saved+accountMax-sent)
		}
		if r := e.call("POST", "/api/contact", p, office); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("verified account's contact message past its limit: %d %s", r.Status, r.Raw)
		}

		// Hour by hour, the daily limit of the account ends in 429 too,
		// with a wait in hours.
		day := auth.FormsPerAccountDay.Max
		total := accountMax
		for hour := 1; total < day; hour++ {
			e.clock = e.clock.Add(time.Hour + time.Minute)
			n := min(accountMax, day-total)
			if got := e.sendVolunteers(n, office, "hour"+strconv.Itoa(hour)); got[http.StatusCreated] != n {
				t.Fatalf("hour %d: %v", hour, got)
			}
			total += n
		}
		e.clock = e.clock.Add(time.Hour + time.Minute)
		pv := validVolunteer()
		pv["email"] = "elder.nextday@example.org"
		r := e.call("POST", "/api/volunteers/register", pv, office)
		wait, _ := strconv.Atoi(r.Header.Get("Retry-After"))
		if r.Status != http.StatusTooManyRequests || wait < 3600 || !strings.Contains(r.message(), "hours") {
			t.Fatalf("past the account's daily limit: %d %v %s", r.Status, r.Header, r.Raw)
		}

		// A coordinator (staff, address never verified) on the same
		// address: limited per account, not per client.
		_, coord := staffSeed(t, st, "Coordinator", "coordinator.office@example.org", roles.Coordinator)
		if e.emailVerified(coord) {
			t.Fatal("the coordinator's address is verified")
		}
		e.ip = "203.0.113.41"
		if got := e.sendVolunteers(clientMax, "", "other-visitor"); got[http.StatusCreated] != clientMax {
			t.Fatalf("a visitor on a fresh address: %v", got)
		}
		if got := e.sendVolunteers(accountMax+2, coord, "coordinator"); got[http.StatusCreated] != accountMax || got[http.StatusTooManyRequests] != 2 {
			t.Fatalf("coordinator: %v", got)
		}
		// And the host form takes the same account limit.
		if r := e.call("POST", "/api/hosts/register", validHost(), coord); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("coordinator's host form past the account's limit: %d %s", r.Status, r.Raw)
		}
	})
}

// TestTempleOfficeRegistersElders: a temple office signed in with a
// verified account registers more elders in an hour than one client may
// send forms, naming its temple president from the directory: every
// registration is saved and each one's confirmation request is mailed.
func TestTempleOfficeRegistersElders(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.ip = "203.0.113.60"
		e.referrer("president@temple.example", "+91 98765 40000")
		office := e.registerAndLogin("Temple Office", "office.elders@example.org", "Tulasi-garden-2025!")
		e.verifyAddress("office.elders@example.org")
		n := auth.FormsPerAddress.Max + 2
		for i := range n {
			p := validDisciple()
			p["fullName"] = fmt.Sprintf("Elder Madhava %d", i)
			p["contactNumber"] = fmt.Sprintf("+91 98765 5%04d", i)
			p["discipleEmail"] = fmt.Sprintf("elder.madhava.%d@example.org", i)
			if r := e.call("POST", "/api/disciples/register", p, office); r.Status != http.StatusCreated {
				t.Fatalf("elder %d: %d %s", i, r.Status, r.Raw)
			}
		}
		if got := e.count("disciples"); got != n {
			t.Fatalf("%d registrations saved, want %d", got, n)
		}
		if got := len(e.mails("president@temple.example")); got != n {
			t.Fatalf("%d confirmation requests to the temple president, want %d", got, n)
		}
	})
}
