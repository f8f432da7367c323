package reliability

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestPathTraversalOnTheBinary sends raw request lines (no client-side
// cleaning) that try to leave the embedded web app: none may answer a
// file from the disk, and none may fail with a 5xx.
func TestPathTraversalOnTheBinary(t *testing.T) {
	p := startSpdc(t, "sqlite://"+t.TempDir()+"/spdc.db", t.TempDir())
	p.ready(t, 20*time.Second)
	paths := []string{
		"/../../../../etc/passwd", "/..%2f..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/assets/../../../go.mod",
		"/assets/..%2f..%2f..%2fgo.mod", "/assets/%2e%2e%2f%2e%2e%2fgo.mod", "//etc/passwd", "/.env", "/.git/config", "/data/spdc.db",
		"/spdc.db", "/assets/%00", "/assets\\..\\..\\go.mod", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/..;/..;/etc/passwd",
		"/api/../../../etc/passwd", "/index.html%2f..%2f..%2fetc%2fpasswd", "/favicon.svg/../../../../etc/passwd",
	}
	for _, path := range paths {
		conn, err := net.DialTimeout("tcp", p.Addr, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: spdc.test\r\nConnection: close\r\n\r\n", path)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			conn.Close()
			t.Errorf("GET %s: %v", path, err)
			continue
		}
		body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		res.Body.Close()
		conn.Close()
		if res.StatusCode >= 500 {
			t.Errorf("GET %s: %d", path, res.StatusCode)
		}
		s := string(body)
		if strings.Contains(s, "root:") || strings.Contains(s, "module spdc") || strings.Contains(s, "SQLite format") || strings.Contains(s, "[core]") {
			t.Errorf("GET %s served a file from outside the web app", path)
		}
		if res.StatusCode == 200 && !strings.Contains(strings.ToLower(s), "<!doctype html") && !strings.HasPrefix(res.Header.Get("Content-Type"), "image/svg") {
			t.Errorf("GET %s: 200 with %q", path, res.Header.Get("Content-Type"))
		}
	}
	t.Logf("%d traversal paths sent as raw request lines", len(paths))
}
