// Package spdcproc starts the built spdc binary as a child process for the
// benchmark, waits until it answers, reads its memory from /proc and stops
// it.
package spdcproc

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Server is a running spdc process.
type Server struct {
	URL     string // http://127.0.0.1:port
	LogPath string // its stderr (access log), kept in the data dir
	cmd     *exec.Cmd
	done    chan error
}

// Config is how to start one server.
type Config struct {
	Binary      string // path to bin/spdc
	DataDir     string // SPDC_DATA_DIR
	DatabaseURL string // DATABASE_URL; empty means SQLite in DataDir
	SMTPURL     string // SMTP_URL; empty means .eml files
	ExtraEnv    []string
}

// FreePort returns a loopback address with a port that was free a moment ago.
func FreePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// Start launches the binary and waits up to 30 s for /healthz.
func Start(ctx context.Context, c Config) (*Server, error) {
	addr, err := FreePort()
	if err != nil {
		return nil, err
	}
	logPath := filepath.Join(c.DataDir, "server.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(c.Binary, "serve")
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"),
		"SPDC_ADDR=" + addr,
		"SPDC_DATA_DIR=" + c.DataDir,
		"SPDC_PUBLIC_URL=http://" + addr,
		"SPDC_LOG_FORMAT=text",
		// Load rows name their clients through the loopback, and measure
		// the outbox's speed, not the site's hourly mail cap.
		"SPDC_TRUSTED_PROXIES=127.0.0.1",
		"SPDC_MAIL_PER_HOUR=1000000",
	}
	if c.DatabaseURL != "" {
		env = append(env, "DATABASE_URL="+c.DatabaseURL)
		if !strings.HasPrefix(c.DatabaseURL, "sqlite:") {
			// PostgreSQL needs the key of the values kept encrypted
			// given (on SQLite it is made in the data directory).
			key := make([]byte, 32)
			_, _ = rand.Read(key)
			env = append(env, "SPDC_DATA_KEY="+base64.StdEncoding.EncodeToString(key))
		}
	}
	if c.SMTPURL != "" {
		env = append(env, "SMTP_URL="+c.SMTPURL)
	}
	if v := os.Getenv("GOMAXPROCS"); v != "" {
		env = append(env, "GOMAXPROCS="+v)
	}
	cmd.Env = append(env, c.ExtraEnv...)
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", c.Binary, err)
	}
	s := &Server{URL: "http://" + addr, LogPath: logPath, cmd: cmd, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait(); logf.Close() }()

	deadline := time.Now().Add(30 * time.Second)
	client := &http.Client{Timeout: time.Second}
	for {
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("spdc exited at start (%v): %s", err, Tail(logPath, 5))
		case <-ctx.Done():
			s.Stop()
			return nil, ctx.Err()
		default:
		}
		resp, err := client.Get(s.URL + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("spdc did not become ready in 30 s: %s", Tail(logPath, 5))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// PID is the server's process id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// Stop asks the server to shut down (SIGTERM) and kills it after 10 s.
func (s *Server) Stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// Memory is a process's resident memory from /proc/<pid>/status.
type Memory struct {
	RSS  int64 // VmRSS, bytes
	Peak int64 // VmHWM (high-water mark of RSS), bytes
}

// ReadMemory reads VmRSS and VmHWM of pid.
func ReadMemory(pid int) (Memory, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return Memory{}, err
	}
	defer f.Close()
	var m Memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(v)
		if len(fields) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(fields[0], 10, 64)
		switch k {
		case "VmRSS":
			m.RSS = n * 1024
		case "VmHWM":
			m.Peak = n * 1024
		}
	}
	if m.Peak == 0 {
		return m, errors.New("no VmHWM in /proc status")
	}
	return m, sc.Err()
}

// ResetPeak clears the process's VmHWM (writing 5 to /proc/<pid>/clear_refs
// resets the peak RSS to the current RSS), so the next ReadMemory shows the
// peak of what happened since. It reports whether the kernel allowed it.
func ResetPeak(pid int) bool {
	return os.WriteFile("/proc/"+strconv.Itoa(pid)+"/clear_refs", []byte("5"), 0) == nil
}

// Tail returns the last n lines of a file, joined by " | ", for errors.
func Tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
