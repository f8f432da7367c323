// Package metrics exposes what a monitoring system reads about a running
// server, in Prometheus' text format, from a registry of its own: HTTP
// requests by route pattern, status and duration; the outbox; the
// database pools; the search indexes' lag; throttle refusals; the last
// backup; the certificate's expiry.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"spdc/internal/observe"
	"spdc/internal/store"
)

// Metrics holds the registry and the measures the program updates.
type Metrics struct {
	reg        *prometheus.Registry
	requests   *prometheus.CounterVec
	duration   *prometheus.HistogramVec
	refusals   *prometheus.CounterVec
	lastBackup prometheus.Gauge
	backupFail prometheus.Counter

	mu         sync.Mutex
	certExpiry time.Time // zero: no certificate, no sample
}

// New returns the metrics of a server on st; the outbox, pool and search
// figures are read from st at each scrape.
func New(st *store.Store) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spdc_http_requests_total", Help: "HTTP requests answered, by route pattern and status code.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "spdc_http_request_duration_seconds", Help: "Time to answer an HTTP request, by route pattern.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spdc_throttle_refusals_total", Help: "Requests a rate limit refused, by limit name.",
		}, []string{"limit"}),
		lastBackup: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "spdc_backup_last_success_timestamp_seconds", Help: "Unix time of the last scheduled backup written and checked (0: none since start).",
		}),
		backupFail: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "spdc_backup_failures_total", Help: "Scheduled backups that failed.",
		}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.refusals, m.lastBackup, m.backupFail,
		&storeCollector{st: st}, certCollector{m},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the registry in the text format (GET /metrics).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Registry is the metrics' own registry (tests gather it).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Middleware counts and times every request next answers, by the route
// pattern the HTTP layer reports through observe (the path itself would
// make a series per visitor's URL), and counts the rate limits that
// refused it.
func (m *Metrics) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx, obs := observe.With(r.Context())
		rec := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(ctx))
		route := obs.Route()
		if route == "" {
			route = "unmatched"
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		m.requests.WithLabelValues(route, strconv.Itoa(rec.status)).Inc()
		m.duration.WithLabelValues(route).Observe(time.Since(start).Seconds())
		for _, l := range obs.Refusals() {
			m.refusals.WithLabelValues(l).Inc()
		}
	})
}

// statusWriter remembers the status of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes,
// deadlines of streamed answers).
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// BackupSucceeded records a scheduled backup written and checked at t.
func (m *Metrics) BackupSucceeded(t time.Time) { m.lastBackup.Set(float64(t.Unix())) }

// BackupFailed counts a scheduled backup that failed.
func (m *Metrics) BackupFailed() { m.backupFail.Inc() }

// SetCertificateExpiry records when the certificate the site serves
// expires; the HTTPS part calls it each time it loads or renews one. A
// zero time removes the sample (no certificate).
func (m *Metrics) SetCertificateExpiry(notAfter time.Time) {
	m.mu.Lock()
	m.certExpiry = notAfter
	m.mu.Unlock()
}

var certDesc = prometheus.NewDesc("spdc_certificate_expiry_timestamp_seconds",
	"Unix time the served TLS certificate expires (absent without a certificate).", nil, nil)

// certCollector writes the certificate's expiry only when there is one.
type certCollector struct{ m *Metrics }

func (c certCollector) Describe(ch chan<- *prometheus.Desc) { ch <- certDesc }

func (c certCollector) Collect(ch chan<- prometheus.Metric) {
	c.m.mu.Lock()
	t := c.m.certExpiry
	c.m.mu.Unlock()
	if !t.IsZero() {
		ch <- prometheus.MustNewConstMetric(certDesc, prometheus.GaugeValue, float64(t.Unix()))
	}
}

// scrapeTimeout bounds the database reads of one scrape.
const scrapeTimeout = 5 * time.Second

var (
	outboxWaiting = prometheus.NewDesc("spdc_outbox_waiting_messages", "Messages in the outbox not sent yet.", nil, nil)
	outboxOldest  = prometheus.NewDesc("spdc_outbox_oldest_waiting_age_seconds", "Age of the oldest message waiting in the outbox (0: none).", nil, nil)
	outboxFailed  = prometheus.NewDesc("spdc_outbox_failed_messages", "Messages the outbox gave up on.", nil, nil)
	outboxFailing = prometheus.NewDesc("spdc_outbox_failing_age_seconds", "Age of the oldest message still waiting after a failed attempt (0: none).", nil, nil)
	searchLag     = prometheus.NewDesc("spdc_search_index_lag_rows", "Saved rows and changes the search indexes have not taken in yet.", nil, nil)
	scrapeErrors  = prometheus.NewDesc("spdc_metrics_store_errors", "1 when the database could not be read for this scrape.", nil, nil)
	poolOpen      = prometheus.NewDesc("spdc_db_open_connections", "Open connections of a database pool.", []string{"pool"}, nil)
	poolInUse     = prometheus.NewDesc("spdc_db_in_use_connections", "Connections of a database pool in use.", []string{"pool"}, nil)
	poolIdle      = prometheus.NewDesc("spdc_db_idle_connections", "Idle connections of a database pool.", []string{"pool"}, nil)
	poolMax       = prometheus.NewDesc("spdc_db_max_open_connections", "Most connections a database pool opens (0: no limit).", []string{"pool"}, nil)
	poolWaits     = prometheus.NewDesc("spdc_db_wait_count_total", "Times a database pool had no free connection and made a caller wait.", []string{"pool"}, nil)
	poolWaited    = prometheus.NewDesc("spdc_db_wait_duration_seconds_total", "Time callers waited for a connection of a database pool.", []string{"pool"}, nil)
)

// storeCollector reads the outbox, the pools and the search lag at each
// scrape.
type storeCollector struct{ st *store.Store }

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxWaiting, outboxOldest, outboxFailed, outboxFailing, searchLag, scrapeErrors,
		poolOpen, poolInUse, poolIdle, poolMax, poolWaits, poolWaited} {
		ch <- d
	}
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	for name, s := range c.st.PoolStats() {
		gauge(poolOpen, float64(s.OpenConnections), name)
		gauge(poolInUse, float64(s.InUse), name)
		gauge(poolIdle, float64(s.Idle), name)
		gauge(poolMax, float64(s.MaxOpenConnections), name)
		ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, float64(s.WaitCount), name)
		ch <- prometheus.MustNewConstMetric(poolWaited, prometheus.CounterValue, s.WaitDuration.Seconds(), name)
	}
	failed := 0.0
	now := time.Now()
	if h, err := c.st.OutboxHealth(ctx); err == nil {
		gauge(outboxWaiting, float64(h.Waiting))
		gauge(outboxFailed, float64(h.Failed))
		gauge(outboxOldest, ageOf(now, h.OldestWaiting))
		gauge(outboxFailing, ageOf(now, h.FailingSince))
	} else {
		failed = 1
	}
	if lag, err := c.st.SearchLag(ctx); err == nil {
		gauge(searchLag, float64(lag))
	} else {
		failed = 1
	}
	gauge(scrapeErrors, failed)
}

func ageOf(now, t time.Time) float64 {
	if t.IsZero() {
		return 0
	}
	return max(0, now.Sub(t).Seconds())
}
