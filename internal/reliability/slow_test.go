package reliability

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSlowClientsAreCutOff opens connections that send their request
// headers one byte at a time and checks that the server closes them after
// its header timeout (5 s), while other clients keep being served quickly.
func TestSlowClientsAreCutOff(t *testing.T) {
	p := startSpdc(t, "sqlite://"+t.TempDir()+"/spdc.db", t.TempDir())
	p.ready(t, 20*time.Second)

	const slow = 20
	const header = "GET /healthz HTTP/1.1\r\nHost: spdc.test\r\nUser-Agent: slowloris\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n"
	var wg sync.WaitGroup
	cutAfter := make([]time.Duration, slow)
	for i := 0; i < slow; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", p.Addr)
			if err != nil {
				t.Errorf("dial: %v", err)
				return
			}
			defer conn.Close()
			start := time.Now()
			// Read in the background: the server closing the connection
			// shows up as EOF here.
			closed := make(chan struct{})
			go func() {
				buf := make([]byte, 512)
				for {
					if _, err := conn.Read(buf); err != nil {
						close(closed)
						return
					}
				}
			}()
			for j := 0; ; j = (j + 1) % len(header) {
				select {
				case <-closed:
					cutAfter[i] = time.Since(start)
					return
				case <-time.After(250 * time.Millisecond):
				}
				if time.Since(start) > 12*time.Second {
					cutAfter[i] = -1
					return
				}
				_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := conn.Write([]byte{header[j]}); err != nil {
					<-closed
					cutAfter[i] = time.Since(start)
					return
				}
			}
		}()
	}

	// Meanwhile other clients are served promptly.
	c := newClient(2 * time.Second)
	var served, failed atomic.Int64
	var slowest time.Duration
	stop := time.Now().Add(6 * time.Second)
	for time.Now().Before(stop) {
		start := time.Now()
		r, err := call(c, "GET", p.Base+"/api/users/me", nil, "")
		took := time.Since(start)
		if err != nil || r.Status != 401 {
			failed.Add(1)
			t.Errorf("normal client while slow clients hang: %v %d", err, r.Status)
		} else {
			served.Add(1)
		}
		slowest = max(slowest, took)
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	var longest time.Duration
	for i, d := range cutAfter {
		if d < 0 {
			t.Errorf("slow client %d was never cut off", i)
		}
		longest = max(longest, d)
	}
	if longest > 8*time.Second {
		t.Errorf("a slow client held its connection for %s", longest)
	}
	if slowest > time.Second {
		t.Errorf("a normal request took %s while slow clients hung", slowest)
	}
	t.Logf("slow clients: %d byte-by-byte senders cut off after at most %s; %d normal requests served meanwhile (slowest %s), %d failed",
		slow, longest.Round(time.Millisecond), served.Load(), slowest.Round(time.Millisecond), failed.Load())
}

// TestGracefulShutdownOfTheBinary sends SIGTERM to spdc while a request is
// half sent, and checks that the request still gets its answer and that the
// process then exits cleanly.
func TestGracefulShutdownOfTheBinary(t *testing.T) {
	p := startSpdc(t, "sqlite://"+t.TempDir()+"/spdc.db", t.TempDir())
	p.ready(t, 20*time.Second)
	conn, err := net.Dial("tcp", p.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"fullName":"Shutdown Tester","email":"shutdown@example.org","experience":"x","motivation":"y","skills":"z","consent":true}`
	// Send the headers asking to be told before the body: spdc answers
	// 100 Continue once the handler starts reading the body, so the
	// request is known to be in flight however slow the machine is; then
	// half the body, which the handler is now waiting for.
	fmt.Fprintf(conn, "POST /api/volunteers/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(body))
	br := bufio.NewReader(conn)
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	cont, err := http.ReadResponse(br, nil)
	if err != nil || cont.StatusCode != http.StatusContinue {
		t.Fatalf("the handler did not start reading the body: %v %v", cont, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	fmt.Fprint(conn, body[:20])
	exited := make(chan error, 1)
	go func() { exited <- p.terminate(15 * time.Second) }()
	time.Sleep(500 * time.Millisecond)
	select {
	case err := <-exited:
		t.Fatalf("spdc exited before the in-flight request finished: %v", err)
	default:
	}
	fmt.Fprint(conn, body[20:])
	_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("in-flight request got no answer: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("in-flight request answered %d", res.StatusCode)
	}
	if err := <-exited; err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, tail(p.logs.String(), 2000))
	}
}
