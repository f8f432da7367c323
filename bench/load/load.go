// Package load is the benchmark's HTTP load generator: a fixed number of
// workers send requests back to back (a closed loop) for a fixed time over
// keep-alive loopback connections and record every latency, so a row reads
// as requests per second, p50, p99 and errors.
package load

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Request describes the request each worker sends. Make, when set, builds
// a fresh request body per call (for writes that must differ, such as a
// unique email); otherwise Body is sent every time.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   []byte
	Make   func(worker, seq int) []byte
	// Client, when set, names the client of each request in
	// X-Forwarded-For (for a server that trusts the loopback as a proxy),
	// so that per-client limits do not decide a throughput row.
	Client func(worker, seq int) string
	// OK reports whether a status counts as success; nil means 2xx.
	OK func(status int) bool
}

// Options are the load settings of one row.
type Options struct {
	Concurrency int           // workers, each with its own connection
	Duration    time.Duration // how long to send
	Warmup      time.Duration // sent first and not recorded
	Timeout     time.Duration // per request
}

// Result is what one row measured.
type Result struct {
	Requests   int           // recorded requests (successes and failures)
	Errors     int           // transport errors and unexpected statuses
	Statuses   map[int]int   // count per HTTP status
	FirstError string        // the first failure, for the report
	Elapsed    time.Duration // measured time
	Bytes      int64         // response body bytes read
	RPS        float64       // Requests / Elapsed
	P50, P99   time.Duration // latency percentiles over all recorded requests
	Max        time.Duration
	Latencies  []time.Duration // every recorded latency, sorted
}

// Mean is the average latency.
func (r Result) Mean() time.Duration {
	if len(r.Latencies) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range r.Latencies {
		sum += d
	}
	return sum / time.Duration(len(r.Latencies))
}

// Merge combines results measured in turns (for example interleaved with
// another row, so both see the same machine noise) into one.
func Merge(rs ...Result) Result {
	out := Result{Statuses: map[int]int{}}
	var all []time.Duration
	for _, r := range rs {
		out.Requests += r.Requests
		out.Errors += r.Errors
		out.Elapsed += r.Elapsed
		out.Bytes += r.Bytes
		for k, v := range r.Statuses {
			out.Statuses[k] += v
		}
		if out.FirstError == "" {
			out.FirstError = r.FirstError
		}
		all = append(all, r.Latencies...)
	}
	if out.Elapsed > 0 {
		out.RPS = float64(out.Requests) / out.Elapsed.Seconds()
	}
	out.P50, out.P99, out.Max = Percentiles(all)
	out.Latencies = all
	return out
}

// NewClient returns an HTTP client for loopback benchmarking: enough idle
// connections for every worker, no transparent decompression (so a row
// measures exactly the encoding it asked for), no proxy.
func NewClient(concurrency int, timeout time.Duration) *http.Client {
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        concurrency * 2,
		MaxIdleConnsPerHost: concurrency * 2,
		MaxConnsPerHost:     0,
		IdleConnTimeout:     60 * time.Second,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{Transport: tr, Timeout: timeout}
}

// Run sends req with opts and returns the measurement. It never runs
// longer than Warmup + Duration + Timeout.
func Run(ctx context.Context, req Request, opts Options) Result {
	if opts.Timeout == 0 {
		opts.Timeout = 10 * time.Second
	}
	client := NewClient(max(opts.Concurrency, 1), opts.Timeout)
	defer client.CloseIdleConnections()
	ok := req.OK
	if ok == nil {
		ok = func(s int) bool { return s >= 200 && s < 300 }
	}
	return closedLoop(ctx, opts, ok, func(w, seq int) outcome {
		body := req.Body
		if req.Make != nil {
			body = req.Make(w, seq)
		}
		xff := ""
		if req.Client != nil {
			xff = req.Client(w, seq)
		}
		status, n, err := do(ctx, client, req, body, xff)
		return outcome{status: status, bytes: n, err: err}
	})
}

// outcome is what one call of a closed loop gave.
type outcome struct {
	status int // the HTTP status; 0 for work that is not a request
	bytes  int64
	err    error
}

// closedLoop makes call from opts.Concurrency workers back to back until
// opts.Duration has passed after opts.Warmup, and measures the calls made
// after the warmup: each one's time, and its outcome (a status that ok
// refuses counts as an error). Each worker records a Result of its own;
// they are merged over the wall time, as the workers ran side by side.
func closedLoop(ctx context.Context, opts Options, ok func(status int) bool, call func(w, seq int) outcome) Result {
	if opts.Concurrency < 1 {
		opts.Concurrency = 1
	}
	results := make([]Result, opts.Concurrency)
	measureFrom := time.Now().Add(opts.Warmup)
	deadline := measureFrom.Add(opts.Duration)
	var wg sync.WaitGroup
	for w := 0; w < opts.Concurrency; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			res := &results[w]
			res.Statuses = map[int]int{}
			res.Latencies = make([]time.Duration, 0, 4096)
			fail := func(why string) {
				res.Errors++
				if res.FirstError == "" {
					res.FirstError = why
				}
			}
			for seq := 0; ; seq++ {
				now := time.Now()
				if !now.Before(deadline) || ctx.Err() != nil {
					return
				}
				o := call(w, seq)
				end := time.Now()
				if now.Before(measureFrom) {
					continue
				}
				res.Requests++
				res.Latencies = append(res.Latencies, end.Sub(now))
				res.Bytes += o.bytes
				switch {
				case o.err != nil:
					fail(o.err.Error())
				case o.status != 0:
					res.Statuses[o.status]++
					if !ok(o.status) {
						fail(fmt.Sprintf("status %d", o.status))
					}
				}
			}
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(measureFrom)
	if elapsed <= 0 {
		elapsed = time.Millisecond
	}
	out := Merge(results...)
	out.Elapsed = elapsed
	out.RPS = float64(out.Requests) / elapsed.Seconds()
	return out
}

// Percentiles returns the 50th and 99th percentile and the maximum of d
// (nearest rank). It sorts d.
func Percentiles(d []time.Duration) (p50, p99, max time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	slices.Sort(d)
	rank := func(p float64) time.Duration {
		i := int(p*float64(len(d))+0.999999) - 1
		i = min(max0(i), len(d)-1)
		return d[i]
	}
	return rank(0.50), rank(0.99), d[len(d)-1]
}

func max0(i int) int {
	if i < 0 {
		return 0
	}
	return i
}

func do(ctx context.Context, client *http.Client, req Request, body []byte, xff string) (int, int64, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, rd)
	if err != nil {
		return 0, 0, err
	}
	for k, v := range req.Header {
		hr.Header[k] = v
	}
	if xff != "" {
		hr.Header.Set("X-Forwarded-For", xff)
	}
	resp, err := client.Do(hr)
	if err != nil {
		return 0, 0, err
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		return resp.StatusCode, n, err
	}
	return resp.StatusCode, n, nil
}

// Once sends one request and returns its status, headers and body, for
// probing an endpoint before a row (is it built yet?) and for one-shot
// measurements.
func Once(ctx context.Context, client *http.Client, method, url string, header http.Header, body []byte) (int, http.Header, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	hr, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	for k, v := range header {
		hr.Header[k] = v
	}
	resp, err := client.Do(hr)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b, err
}

// RunFunc calls fn from opts.Concurrency goroutines back to back for
// opts.Duration (after opts.Warmup) and measures it like an HTTP row: the
// cost of some work alone, beside the request that performs it.
func RunFunc(ctx context.Context, fn func() error, opts Options) Result {
	return closedLoop(ctx, opts, nil, func(int, int) outcome { return outcome{err: fn()} })
}
