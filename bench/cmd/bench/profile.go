package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"spdc/internal/app"
)

// startInProcess runs spdc's own serve command inside this process (the
// -profile mode), so a CPU profile of a row shows the server's stacks.
// Its log goes to server.log in the data directory.
func startInProcess(ctx context.Context, t *target, dataDir, dbURL, smtpURL string) error {
	logf, err := os.Create(filepath.Join(dataDir, "server.log"))
	if err != nil {
		return err
	}
	env := map[string]string{
		"SPDC_ADDR":     "127.0.0.1:0",
		"SPDC_DATA_DIR": dataDir,
		"DATABASE_URL":  dbURL,
		"SMTP_URL":      smtpURL,
		// As in spdcproc: clients named through the loopback, no mail cap.
		"SPDC_TRUSTED_PROXIES": "127.0.0.1",
		"SPDC_MAIL_PER_HOUR":   "1000000",
	}
	ready := make(chan string, 1)
	done := make(chan int, 1)
	sctx, cancel := context.WithCancel(ctx)
	go func() {
		done <- app.RunEnv(sctx, []string{"serve"}, app.Env{
			Getenv: func(k string) string { return env[k] },
			Stdin:  strings.NewReader(""),
			Stdout: logf, Stderr: logf,
			Ready: func(addr string) { ready <- addr },
		})
	}()
	select {
	case addr := <-ready:
		t.url = "http://" + addr
		// The public URL in mails is not measured; leave the default.
	case code := <-done:
		cancel()
		logf.Close()
		return fmt.Errorf("in-process spdc exited with %d at start", code)
	case <-time.After(30 * time.Second):
		cancel()
		return fmt.Errorf("in-process spdc did not start in 30 s")
	}
	t.stop = func() {
		cancel()
		<-done
		logf.Close()
	}
	return nil
}

// profiled runs fn under the CPU profiler when -profile is set, writing
// <dir>/<name>.pprof.
func (b *bench) profiled(name string, fn func()) {
	if b.o.profileDir == "" {
		fn()
		return
	}
	path := filepath.Join(b.o.profileDir, profileName(name)+".pprof")
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(b.out, "  profile:", err)
		fn()
		return
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(b.out, "  profile:", err)
		fn()
		return
	}
	fn()
	pprof.StopCPUProfile()
	fmt.Fprintln(b.out, "  cpu profile:", path)
}

func profileName(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			sb.WriteRune(r)
		default:
			if sb.Len() > 0 && !strings.HasSuffix(sb.String(), "-") {
				sb.WriteByte('-')
			}
		}
	}
	return strings.TrimSuffix(sb.String(), "-")
}
