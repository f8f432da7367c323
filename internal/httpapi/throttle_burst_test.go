package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"spdc/internal/auth"
	"spdc/internal/store/storetest"
)

// burst sends n requests at once (all released together) and returns how
// many were answered with each status.
func burst(n int, send func(i int) resp) map[int]int {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		start = make(chan struct{})
		out   = map[int]int{}
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := send(i)
			mu.Lock()
			out[r.Status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// passed is how many answers of a burst were not a 429: each of them ran
// the password check (a 429 is answered before it).
func passed(counts map[int]int) int {
	n := 0
	for status, c := range counts {
		if status != http.StatusTooManyRequests {
			n += c
		}
	}
	return n
}

// TestThrottleBurst: a burst of parallel requests never gets more than a
// limit's worth through, per account, per address, for reset requests and
// for the contact form, on one server and on two servers sharing a
// database.
func TestThrottleBurst(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			one := newEnv(t, storetest.OpenURL(t, b.URL), acctOptions()...)
			two := newEnv(t, storetest.OpenURL(t, b.URL), acctOptions()...)
			one.register("Alice", "alice@example.org", "9876543210", alicePW)
			one.register("Bob", "bob@example.org", "9812345678", bobPW)
			server := func(i int) *env {
				if i%2 == 1 {
					return two
				}
				return one
			}
			login := func(e *env, id, pw, ip string) resp {
				return e.callFrom(ip, "POST", "/api/users/login", map[string]any{"identifier": id, "password": pw}, "")
			}

			// Per account: 30 wrong passwords at once from 30 addresses
			// over both servers: the quick tries run out, then each waits.
			got := burst(30, func(i int) resp {
				return login(server(i), "alice@example.org", "wrong guess "+strconv.Itoa(i), "10.20.0."+strconv.Itoa(i))
			})
			t.Logf("per account: %v", got)
			if n := passed(got); n > auth.GuessesBeforeDelay || got[http.StatusUnauthorized] != n {
				t.Errorf("per account: %v, want at most %d answers other than 429, all 401", got, auth.GuessesBeforeDelay)
			}
			// The owner is delayed, never locked out: a short wait, then in.
			r := login(two, "alice@example.org", alicePW, "10.20.1.1")
			wait, _ := strconv.Atoi(r.Header.Get("Retry-After"))
			if r.Status != http.StatusTooManyRequests || wait < 1 || wait > int(auth.MaxGuessDelay/time.Second) {
				t.Errorf("after the burst: %d %s (Retry-After %d)", r.Status, r.Raw, wait)
			}
			one.advance(time.Duration(wait) * time.Second)
			two.advance(time.Duration(wait) * time.Second)
			if r := login(two, "alice@example.org", alicePW, "10.20.1.1"); r.Status != http.StatusOK {
				t.Errorf("the owner after the wait: %d %s", r.Status, r.Raw)
			}

			// Per address: 60 unknown identifiers at once from one address.
			got = burst(60, func(i int) resp {
				return login(server(i), "user"+strconv.Itoa(i)+"@example.org", "guess", "10.21.0.1")
			})
			t.Logf("per address: %v", got)
			if n := passed(got); n > auth.LoginPerAddress.Max {
				t.Errorf("per address: %v, want at most %d answers other than 429", got, auth.LoginPerAddress.Max)
			}
			if r := login(one, "bob@example.org", bobPW, "10.21.0.1"); r.Status != http.StatusTooManyRequests {
				t.Errorf("address after the burst: %d %s", r.Status, r.Raw)
			}

			// Right passwords in parallel are not failures: none counts.
			got = burst(20, func(i int) resp {
				return login(server(i), "bob@example.org", bobPW, "10.22.0."+strconv.Itoa(i))
			})
			t.Logf("right passwords: %v", got)
			if got[http.StatusOK] != 20 {
				t.Errorf("right passwords: %v, want 20 × 200", got)
			}
			for i := range auth.LoginPerPair.Max - 1 {
				if r := login(one, "bob@example.org", "wrong guess", "10.22.1."+strconv.Itoa(i)); r.Status != http.StatusUnauthorized {
					t.Fatalf("failure %d after right passwords: %d %s", i, r.Status, r.Raw)
				}
			}
			if r := login(two, "bob@example.org", bobPW, "10.22.2.1"); r.Status != http.StatusOK {
				t.Errorf("right password after 4 failures: %d %s", r.Status, r.Raw)
			}

			// Change password: 20 wrong current passwords at once.
			tok := one.login("bob@example.org", bobPW, false)
			got = burst(20, func(i int) resp {
				return server(i).call("POST", "/api/users/change-password", map[string]any{"currentPassword": "nope nope " + strconv.Itoa(i), "newPassword": "whatever long"}, tok)
			})
			t.Logf("change password: %v", got)
			// One client: the strict per-pair limit.
			if n := passed(got); n > auth.LoginPerPair.Max || got[http.StatusBadRequest] != n {
				t.Errorf("change password: %v, want at most %d answers other than 429, all 400", got, auth.LoginPerPair.Max)
			}

			// Reset password: 40 invalid links at once from one address.
			got = burst(40, func(i int) resp {
				return server(i).callFrom("10.25.0.1", "POST", "/api/users/reset-password", map[string]any{"token": strings.Repeat("C", 43), "password": "whatever long"}, "")
			})
			t.Logf("reset per address: %v", got)
			if n := passed(got); n > auth.ResetPerAddress.Max || got[http.StatusBadRequest] != n {
				t.Errorf("reset per address: %v, want at most %d answers other than 429, all 400", got, auth.ResetPerAddress.Max)
			}

			// Forgot password: 12 requests for one email at once.
			got = burst(12, func(i int) resp {
				return server(i).callFrom("10.23.0."+strconv.Itoa(i), "POST", "/api/users/forgot-password", map[string]any{"email": "alice@example.org"}, "")
			})
			t.Logf("forgot per email: %v", got)
			if n := passed(got); n > auth.MailPerRecipient.Max {
				t.Errorf("forgot per mailbox: %v, want at most %d", got, auth.MailPerRecipient.Max)
			}
			if n := len(one.resetTokens("alice@example.org")); n > auth.MailPerRecipient.Max {
				t.Errorf("%d reset mails, want at most %d", n, auth.MailPerRecipient.Max)
			}

			// Contact form: 20 messages at once from one address.
			got = burst(20, func(i int) resp {
				return server(i).callFrom("10.24.0.1", "POST", "/api/contact", validContact(), "")
			})
			t.Logf("contact: %v", got)
			if n := passed(got); n > contactLimit || got[http.StatusCreated] != n {
				t.Errorf("contact: %v, want at most %d, all 201", got, contactLimit)
			}
		})
	}
}
