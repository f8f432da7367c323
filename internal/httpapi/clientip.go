package httpapi

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ctxClient holds the client address the throttles key on (see
// withClientAddr).
const ctxClient ctxKey = 100

// withClientAddr works out once per request which address the client has
// and keeps it in the context for clientIP. Forwarding headers are believed
// only from a peer in SPDC_TRUSTED_PROXIES: anyone else could write them.
func (s *Server) withClientAddr(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := clientAddr(r.RemoteAddr, r.Header, s.cfg.TrustedProxies)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxClient, addr)))
	})
}

// clientIP is the client key the per-client limits use: the client's
// address, with an IPv6 address cut to its /64 (one household or phone
// holds a whole /64 and could otherwise take a fresh address per request).
func clientIP(r *http.Request) string {
	addr, ok := r.Context().Value(ctxClient).(netip.Addr)
	if !ok {
		addr, _ = peerAddr(r.RemoteAddr)
	}
	if !addr.IsValid() {
		return r.RemoteAddr
	}
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// peerAddr is the address of the connection's other end.
func peerAddr(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// clientAddr is the client's address. When the peer is a trusted proxy,
// the forwarding chain (the Forwarded header when present, else
// X-Forwarded-For) is read from the right, skipping trusted proxies: the
// first address that is not one is the client, since every hop left of it
// could have been written by the client itself. A hop that is no address
// (Forwarded's "unknown" or an obfuscated name) ends the walk at the last
// trusted proxy. An invalid peer (a test's or a pipe's) yields the zero
// Addr.
func clientAddr(remote string, h http.Header, trusted []netip.Prefix) netip.Addr {
	peer, ok := peerAddr(remote)
	if !ok || !isTrusted(peer, trusted) {
		return peer
	}
	var hops []string
	if fwd := h.Values("Forwarded"); len(fwd) > 0 {
		hops = forwardedFor(fwd)
	} else {
		for _, v := range h.Values("X-Forwarded-For") {
			for _, hop := range strings.Split(v, ",") {
				hops = append(hops, strings.TrimSpace(hop))
			}
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := hopAddr(hops[i])
		if !ok {
			return client
		}
		client = a
		if !isTrusted(a, trusted) {
			return a
		}
	}
	return client
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedFor returns the for= value of every element of the Forwarded
// header lines, in order ("" for an element without one). Quoted values
// are unquoted; other parameters are ignored.
func forwardedFor(lines []string) []string {
	var out []string
	for _, line := range lines {
		for _, elem := range splitOutsideQuotes(line, ',') {
			elem = strings.TrimSpace(elem)
			if elem == "" {
				continue
			}
			var forVal string
			for _, pair := range splitOutsideQuotes(elem, ';') {
				k, v, _ := strings.Cut(strings.TrimSpace(pair), "=")
				if strings.EqualFold(strings.TrimSpace(k), "for") {
					forVal = unquote(strings.TrimSpace(v))
				}
			}
			out = append(out, forVal)
		}
	}
	return out
}

// splitOutsideQuotes splits s at sep where sep is not inside a quoted
// string (a quoted value may hold commas and semicolons).
func splitOutsideQuotes(s string, sep byte) []string {
	var out []string
	quoted, escaped, start := false, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			escaped = false
		case quoted && c == '\\':
			escaped = true
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' && i+1 < len(v) {
				i++
			}
			b.WriteByte(v[i])
		}
		return b.String()
	}
	return v
}

// hopAddr reads one hop of a forwarding chain: an address, optionally with
// a port, IPv6 optionally in brackets ("[2001:db8::1]:4711").
func hopAddr(hop string) (netip.Addr, bool) {
	hop = strings.TrimSpace(hop)
	if ap, err := netip.ParseAddrPort(hop); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	hop = strings.TrimSuffix(strings.TrimPrefix(hop, "["), "]")
	a, err := netip.ParseAddr(hop)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}
