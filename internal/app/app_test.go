package app

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runCmd runs one spdc command line in-process.
func runCmd(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := RunEnv(context.Background(), args, Env{
		Getenv: func(k string) string { return env[k] },
		Stdin:  strings.NewReader(""), Stdout: &out, Stderr: &errb,
	})
	return code, out.String(), errb.String()
}

func TestVersionAndHelp(t *testing.T) {
	code, out, _ := runCmd(t, nil, "version")
	if code != 0 || !strings.HasPrefix(out, "spdc ") {
		t.Fatalf("version: %d %q", code, out)
	}
	code, out, _ = runCmd(t, nil, "--help")
	if code != 0 || !strings.Contains(out, "spdc backup FILE") {
		t.Fatalf("help: %d %q", code, out)
	}
	for _, cmd := range []string{"serve", "migrate", "backup"} {
		code, out, _ = runCmd(t, nil, cmd, "--help")
		if code != 0 || !strings.Contains(out, "SPDC_DATA_DIR") || !strings.Contains(out, "Usage: spdc "+cmd) {
			t.Fatalf("%s --help: %d %q", cmd, code, out)
		}
	}
	code, _, errOut := runCmd(t, nil, "frobnicate")
	if code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Fatalf("unknown command: %d %q", code, errOut)
	}
}

func TestBadConfigurationIsOneLineNamingTheVariable(t *testing.T) {
	code, _, errOut := runCmd(t, map[string]string{"SPDC_LOG_FORMAT": "xml"}, "serve")
	if code != 1 || !strings.Contains(errOut, "SPDC_LOG_FORMAT") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Fatalf("got %d %q", code, errOut)
	}
	code, _, errOut = runCmd(t, map[string]string{"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"}, "migrate")
	if code != 1 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "store:") {
		t.Fatalf("unreachable database: %d %q", code, errOut)
	}
	if strings.Contains(errOut, "nobody@") && strings.Contains(errOut, "password") {
		t.Fatalf("credentials in error: %q", errOut)
	}
}

func TestDataKeyRequiredOnPostgreSQL(t *testing.T) {
	// Refused before any connection is tried: the database need not exist.
	code, _, errOut := runCmd(t, map[string]string{"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"}, "serve")
	if code != 1 || !strings.Contains(errOut, "SPDC_DATA_KEY") || !strings.Contains(errOut, "PostgreSQL") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Fatalf("postgres without a key: %d %q", code, errOut)
	}
	code, _, errOut = runCmd(t, map[string]string{"SPDC_DATA_KEY": "not-a-key"}, "serve")
	if code != 1 || !strings.Contains(errOut, "SPDC_DATA_KEY") {
		t.Fatalf("bad key: %d %q", code, errOut)
	}
}

func TestMigrateTwice(t *testing.T) {
	env := map[string]string{"SPDC_DATA_DIR": t.TempDir()}
	code, out, errOut := runCmd(t, env, "migrate")
	if code != 0 || !strings.Contains(out, "applied") || strings.HasPrefix(out, "applied 0 ") {
		t.Fatalf("first migrate: %d %q %q", code, out, errOut)
	}
	code, out, _ = runCmd(t, env, "migrate")
	if code != 0 || !strings.HasPrefix(out, "applied 0 ") {
		t.Fatalf("second migrate: %d %q", code, out)
	}
}

// startServer runs `spdc serve` in-process and returns its address and a
// stop function that waits for the exit code.
func startServer(t *testing.T, env map[string]string) (string, func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan int, 1)
	if env["SPDC_ADDR"] == "" {
		env["SPDC_ADDR"] = "127.0.0.1:0"
	}
	go func() {
		done <- RunEnv(ctx, []string{"serve"}, Env{
			Getenv: func(k string) string { return env[k] },
			Stdin:  strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
			Ready: func(addr string) { ready <- addr },
		})
	}()
	select {
	case addr := <-ready:
		return addr, func() int { cancel(); return <-done }
	case code := <-done:
		cancel()
		t.Fatalf("server exited with %d before listening", code)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("server did not start")
	}
	return "", nil
}

func TestBackupIsAStartableDataDir(t *testing.T) {
	dataDir := t.TempDir()
	addr, stop := startServer(t, map[string]string{"SPDC_DATA_DIR": dataDir})
	res, err := http.Get("http://" + addr + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", res, err)
	}
	res.Body.Close()

	// The backup runs while the server is up.
	backupDir := t.TempDir()
	code, out, errOut := runCmd(t, map[string]string{"SPDC_DATA_DIR": dataDir}, "backup", filepath.Join(backupDir, "spdc.db"))
	if code != 0 {
		t.Fatalf("backup: %d %q %q", code, out, errOut)
	}
	if stop() != 0 {
		t.Fatal("server exit code")
	}
	code, _, errOut = runCmd(t, map[string]string{"SPDC_DATA_DIR": dataDir}, "backup", filepath.Join(backupDir, "spdc.db"))
	if code == 0 || !strings.Contains(errOut, "already exists") {
		t.Fatalf("backup over existing file: %d %q", code, errOut)
	}
	code, _, errOut = runCmd(t, map[string]string{"SPDC_DATA_DIR": dataDir}, "backup")
	if code == 0 || !strings.Contains(errOut, "FILE") {
		t.Fatalf("backup without file: %d %q", code, errOut)
	}

	// A new server starts from the backup as its data dir.
	addr2, stop2 := startServer(t, map[string]string{"SPDC_DATA_DIR": backupDir})
	res, err = http.Get("http://" + addr2 + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz on backup: %v %v", res, err)
	}
	res.Body.Close()
	stop2()
	if _, err := os.Stat(filepath.Join(backupDir, "spdc.db")); err != nil {
		t.Fatal(err)
	}
}

func TestGracefulShutdownFinishesInFlightRequest(t *testing.T) {
	addr, stop := startServer(t, map[string]string{"SPDC_DATA_DIR": t.TempDir()})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"identifier":"nobody@example.org","password":"wrong password"}`
	// Send the headers asking to be told before the body: the server
	// answers 100 Continue once the handler starts reading the body, so
	// the request is known to be in flight (however slow the machine),
	// then half the body: the handler is now reading.
	fmt.Fprintf(conn, "POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(body))
	br := bufio.NewReader(conn)
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	cont, err := http.ReadResponse(br, nil)
	if err != nil || cont.StatusCode != http.StatusContinue {
		t.Fatalf("the handler did not start reading the body: %v %v", cont, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	fmt.Fprint(conn, body[:10])
	stopped := make(chan int, 1)
	go func() { stopped <- stop() }()
	time.Sleep(300 * time.Millisecond)
	select {
	case <-stopped:
		t.Fatal("server stopped before the in-flight request finished")
	default:
	}
	fmt.Fprint(conn, body[10:])
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("in-flight request got no answer: %v", err)
	}
	res.Body.Close()
	if res.StatusCode >= 500 {
		t.Fatalf("in-flight request answered %d", res.StatusCode)
	}
	select {
	case code := <-stopped:
		if code != 0 {
			t.Fatalf("exit code %d", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("server did not stop after the request finished")
	}
}
