package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"spdc/internal/config"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

func TestClientAddr(t *testing.T) {
	trusted, err := config.ParseProxies("10.0.0.0/8, 2001:db8:ffff::1")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, remote string
		hdr          map[string][]string
		want         string
	}{
		{"untrusted peer, header ignored", "198.51.100.7:1234", map[string][]string{"X-Forwarded-For": {"203.0.113.1"}}, "198.51.100.7"},
		{"untrusted peer, Forwarded ignored", "198.51.100.7:1234", map[string][]string{"Forwarded": {"for=203.0.113.1"}}, "198.51.100.7"},
		{"trusted peer without header", "10.1.2.3:1234", nil, "10.1.2.3"},
		{"trusted peer, one hop", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"203.0.113.1"}}, "203.0.113.1"},
		{"client-written hops on the left are skipped", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"1.1.1.1, 203.0.113.1"}}, "203.0.113.1"},
		{"trusted hops on the right are skipped", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"203.0.113.1, 10.9.9.9"}}, "203.0.113.1"},
		{"several header lines", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"1.1.1.1", "203.0.113.1, 10.0.0.2"}}, "203.0.113.1"},
		{"all hops trusted", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"10.0.0.9, 10.0.0.8"}}, "10.0.0.9"},
		{"garbage hop stops at the last proxy", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {"203.0.113.1, nonsense"}}, "10.1.2.3"},
		{"empty header", "10.1.2.3:1234", map[string][]string{"X-Forwarded-For": {""}}, "10.1.2.3"},
		{"Forwarded wins over X-Forwarded-For", "10.1.2.3:1234", map[string][]string{"Forwarded": {"for=203.0.113.5"}, "X-Forwarded-For": {"203.0.113.1"}}, "203.0.113.5"},
		{"Forwarded with port, IPv6 and other parameters", "10.1.2.3:1234",
			map[string][]string{"Forwarded": {`for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711"`}}, "2001:db8:cafe::17"},
		{"Forwarded quoted value with a comma", "10.1.2.3:1234", map[string][]string{"Forwarded": {`for="203.0.113.9";host="a,b", for=10.0.0.2`}}, "203.0.113.9"},
		{"Forwarded unknown stops at the proxy", "10.1.2.3:1234", map[string][]string{"Forwarded": {"for=203.0.113.1, for=unknown"}}, "10.1.2.3"},
		{"Forwarded obfuscated stops", "10.1.2.3:1234", map[string][]string{"Forwarded": {`for="_hidden"`}}, "10.1.2.3"},
		{"IPv6 trusted peer", "[2001:db8:ffff::1]:443", map[string][]string{"X-Forwarded-For": {"203.0.113.1"}}, "203.0.113.1"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.1]:443", map[string][]string{"X-Forwarded-For": {"203.0.113.1"}}, "203.0.113.1"},
		{"IPv4-mapped hop", "10.1.2.3:1", map[string][]string{"X-Forwarded-For": {"::ffff:203.0.113.1"}}, "203.0.113.1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for k, vs := range tc.hdr {
				for _, v := range vs {
					h.Add(k, v)
				}
			}
			got := clientAddr(tc.remote, h, trusted)
			if got.String() != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
	// With no trusted proxies nothing is believed.
	if got := clientAddr("10.1.2.3:1", http.Header{"X-Forwarded-For": {"203.0.113.1"}}, nil); got.String() != "10.1.2.3" {
		t.Fatalf("no proxies: %s", got)
	}
}

func TestClientIPv6Prefix(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "[2001:db8:1:2:aaaa::1]:5000"
	a := clientIP(r)
	r.RemoteAddr = "[2001:db8:1:2:bbbb::9]:5000"
	if b := clientIP(r); a != b || a != "2001:db8:1:2::/64" {
		t.Fatalf("one /64 gave %q and %q", a, b)
	}
}

// TestTrustedProxiesScenario: behind a trusted proxy, each visitor has
// their own sign-in limit; from an untrusted peer, a forged
// X-Forwarded-For changes nothing.
func TestTrustedProxiesScenario(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, acctOptions(withEnvVars(map[string]string{"SPDC_TRUSTED_PROXIES": "10.0.0.0/8"}))...)
		e.register("Bob", "bob@example.org", "9812345678", bobPW)
		login := func(peer, xff, id, pw string) int {
			buf, _ := json.Marshal(map[string]any{"identifier": id, "password": pw})
			req := httptest.NewRequest("POST", "/api/users/login", bytes.NewReader(buf))
			req.Header.Set("Content-Type", "application/json")
			req.RemoteAddr = peer + ":5555"
			if xff != "" {
				req.Header.Set("X-Forwarded-For", xff)
			}
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			return rec.Code
		}
		// One visitor behind the proxy sprays 30 accounts: they are limited…
		for i := range 30 {
			if c := login("10.0.0.5", "203.0.113.9", "user"+strconv.Itoa(i)+"@example.org", "guess guess"); c != 401 {
				t.Fatalf("spray %d: %d", i, c)
			}
		}
		if c := login("10.0.0.5", "203.0.113.9", "bob@example.org", bobPW); c != http.StatusTooManyRequests {
			t.Fatalf("the sprayer was not limited: %d", c)
		}
		// …and everyone else behind the same proxy still signs in.
		if c := login("10.0.0.5", "203.0.113.10", "bob@example.org", bobPW); c != 200 {
			t.Fatalf("another visitor behind the proxy: %d", c)
		}
		// A client that forges the header before the proxy gains nothing:
		// the proxy appends the real address, which is what counts.
		if c := login("10.0.0.5", "198.51.100.1, 203.0.113.9", "bob@example.org", bobPW); c != http.StatusTooManyRequests {
			t.Fatalf("a forged left-most hop escaped the limit: %d", c)
		}
		// An untrusted peer's header is ignored: rotating it does not
		// escape the per-address limit.
		for i := range 30 {
			login("198.51.100.20", "203.0.113."+strconv.Itoa(100+i), "other"+strconv.Itoa(i)+"@example.org", "guess guess")
		}
		if c := login("198.51.100.20", "203.0.113.250", "bob@example.org", bobPW); c != http.StatusTooManyRequests {
			t.Fatalf("an untrusted peer's X-Forwarded-For was believed: %d", c)
		}
	})
}

// FuzzClientAddr: any forwarding headers give a valid address that is the
// peer, a trusted proxy, or an address written in the headers; never a
// panic.
func FuzzClientAddr(f *testing.F) {
	f.Add("10.1.2.3:1234", "203.0.113.1, 10.0.0.2", "")
	f.Add("10.1.2.3:1234", "", `for=192.0.2.60;proto=http, For="[2001:db8:cafe::17]:4711"`)
	f.Add("10.1.2.3:1234", "", `for="_x\"y;,", for=unknown`)
	f.Add("198.51.100.7:1", "1.1.1.1", "for=2.2.2.2")
	f.Add("[::ffff:10.0.0.1]:1", "::ffff:1.2.3.4, [fe80::1%eth0]", `for="[::1]"`)
	f.Add("garbage", ",,,", ";;;==\"")
	trusted, _ := config.ParseProxies("10.0.0.0/8,::1/128")
	f.Fuzz(func(t *testing.T, remote, xff, fwd string) {
		h := http.Header{}
		if xff != "" {
			h.Set("X-Forwarded-For", xff)
		}
		if fwd != "" {
			h.Set("Forwarded", fwd)
		}
		got := clientAddr(remote, h, trusted)
		peer, ok := peerAddr(remote)
		if !ok {
			if got.IsValid() {
				t.Fatalf("invalid peer %q gave %s", remote, got)
			}
			return
		}
		if !got.IsValid() || got.Zone() != "" || got.Is4In6() {
			t.Fatalf("got %v", got)
		}
		if !isTrusted(peer, trusted) && got != peer {
			t.Fatalf("untrusted peer %s, but client %s", peer, got)
		}
		if got != peer && !isTrusted(got, trusted) {
			// A forwarded client must come from the headers.
			var found bool
			for _, hop := range append(forwardedFor([]string{fwd}), splitOutsideQuotes(xff, ',')...) {
				if a, ok := hopAddr(hop); ok && a == got {
					found = true
				}
			}
			if !found {
				t.Fatalf("client %s is neither the peer nor a hop", got)
			}
		}
	})
}
