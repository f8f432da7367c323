package app

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"spdc/internal/store"
)

// TestSlowBodyIsCutOff: a client that sends its headers at once and then
// dribbles the body (slowloris on the body) is cut off by the server's read
// timeout, nothing of its half-sent form is stored, and other clients are
// served meanwhile. The timeout is shortened from 30 s to keep the test
// short; the wiring into http.Server is the one `spdc serve` uses.
func TestSlowBodyIsCutOff(t *testing.T) {
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = 2 * time.Second
	dataDir := t.TempDir()
	addr, stop := startServer(t, map[string]string{"SPDC_DATA_DIR": dataDir})

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"name":"Slow Sender","email":"slow@example.org","subject":"Hello","phone":"","message":"` +
		strings.Repeat("x", 400) + `","acceptTerms":true,"website":""}`
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	// The server's answer, or its closing the connection, shows up here.
	ended := make(chan error, 1)
	go func() {
		_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err == nil {
			res.Body.Close()
			if res.StatusCode < 400 {
				err = fmt.Errorf("the half-sent form was answered %d", res.StatusCode)
			}
		} else {
			err = nil // closed without an answer: also cut off
		}
		ended <- err
	}()
	var cutAfter time.Duration
	sent := 0
dribble:
	for ; sent < len(body)-1; sent++ {
		select {
		case err := <-ended:
			if err != nil {
				t.Fatal(err)
			}
			cutAfter = time.Since(start)
			break dribble
		case <-time.After(100 * time.Millisecond):
		}
		// Meanwhile a normal client is served.
		if sent%10 == 0 {
			res, err := http.Get("http://" + addr + "/healthz")
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("a normal request failed while the slow body hung: %v %v", res, err)
			}
			res.Body.Close()
		}
		_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := conn.Write([]byte{body[sent]}); err != nil {
			if err := <-ended; err != nil {
				t.Fatal(err)
			}
			cutAfter = time.Since(start)
			break
		}
	}
	if cutAfter == 0 {
		t.Fatalf("the slow body was never cut off (%d of %d bytes sent)", sent, len(body))
	}
	if cutAfter > readTimeout+5*time.Second {
		t.Errorf("the slow body held its connection for %s (read timeout %s)", cutAfter, readTimeout)
	}
	if code := stop(); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	st, err := store.Open(context.Background(), "sqlite://"+filepath.Join(dataDir, "spdc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, err := st.AdminCount(context.Background(), store.AdminTabByName("messages"), store.AdminQuery{})
	if err != nil || n != 0 {
		t.Fatalf("messages stored from the half-sent form: %d (%v)", n, err)
	}
	t.Logf("slow body cut off after %s with %d of %d bytes sent", cutAfter.Round(time.Millisecond), sent, len(body))
}
