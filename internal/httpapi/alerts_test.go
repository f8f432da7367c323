package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"spdc/internal/metrics"
	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestAdminAlerts lists the alerts that hold to an admin only.
func TestAdminAlerts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		admin, _ := e.user("admin@spdc.example.org", true)
		user, _ := e.user("someone@example.org", false)
		if r := e.call("GET", "/api/admin/alerts", nil, ""); r.Status != 401 {
			t.Fatalf("anonymous: %d", r.Status)
		}
		if r := e.call("GET", "/api/admin/alerts", nil, user); r.Status != 403 {
			t.Fatalf("non-admin: %d", r.Status)
		}
		r := e.call("GET", "/api/admin/alerts", nil, admin)
		if list, ok := r.Body["alerts"].([]any); r.Status != 200 || !ok || len(list) != 0 {
			t.Fatalf("no alerts: %d %s", r.Status, r.Raw)
		}
		if _, err := st.RaiseOpsAlert(context.Background(), "disk_full", "/srv/spdc: 95 % used, 700 MB free", e.clock); err != nil {
			t.Fatal(err)
		}
		r = e.call("GET", "/api/admin/alerts", nil, admin)
		list, _ := r.Body["alerts"].([]any)
		if len(list) != 1 {
			t.Fatalf("alerts %s", r.Raw)
		}
		a := list[0].(map[string]any)
		if a["kind"] != "disk_full" || !strings.Contains(a["detail"].(string), "95 %") || a["since"] != "2025-03-01T09:00:00Z" {
			t.Fatalf("alert %v", a)
		}
	})
}

// TestMetricsAfterTraffic measures some requests (a page, the API, an
// unknown path, a throttled contact form) and reads /metrics back with
// Prometheus' own text parser.
func TestMetricsAfterTraffic(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		m := metrics.New(st)
		e.h = m.Middleware(e.h)
		m.BackupSucceeded(e.clock)
		for range 3 {
			if r := e.call("GET", "/api/site", nil, ""); r.Status != 200 {
				t.Fatalf("site %d", r.Status)
			}
		}
		e.call("GET", "/healthz", nil, "")
		e.call("GET", "/api/no/such/thing/42", nil, "")
		statuses := map[int]int{}
		for range 7 {
			statuses[e.call("POST", "/api/contact", map[string]any{"name": "x"}, "").Status]++
		}
		if statuses[429] != 2 {
			t.Fatalf("contact answers %v", statuses)
		}

		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("/metrics %d", rec.Code)
		}
		parser := expfmt.NewTextParser(model.UTF8Validation)
		fams, err := parser.TextToMetricFamilies(strings.NewReader(rec.Body.String()))
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, rec.Body.String())
		}
		value := func(name string, labels map[string]string) (float64, bool) {
			f := fams[name]
			if f == nil {
				return 0, false
			}
		next:
			for _, mt := range f.GetMetric() {
				for k, v := range labels {
					found := false
					for _, lp := range mt.GetLabel() {
						if lp.GetName() == k && lp.GetValue() == v {
							found = true
						}
					}
					if !found {
						continue next
					}
				}
				switch {
				case mt.GetCounter() != nil:
					return mt.GetCounter().GetValue(), true
				case mt.GetGauge() != nil:
					return mt.GetGauge().GetValue(), true
				case mt.GetHistogram() != nil:
					return float64(mt.GetHistogram().GetSampleCount()), true
				}
			}
			return 0, false
		}
		checks := []struct {
			name   string
			labels map[string]string
			want   float64
		}{
			{"spdc_http_requests_total", map[string]string{"route": "GET /api/site", "code": "200"}, 3},
			{"spdc_http_requests_total", map[string]string{"route": "GET /healthz", "code": "200"}, 1},
			{"spdc_http_requests_total", map[string]string{"route": "POST /api/contact", "code": "429"}, 2},
			{"spdc_http_request_duration_seconds", map[string]string{"route": "GET /api/site"}, 3},
			{"spdc_throttle_refusals_total", map[string]string{"limit": "contact-ip"}, 2},
			{"spdc_backup_last_success_timestamp_seconds", nil, float64(e.clock.Unix())},
			{"spdc_outbox_waiting_messages", nil, 0},
			{"spdc_outbox_failed_messages", nil, 0},
		}
		for _, c := range checks {
			if got, ok := value(c.name, c.labels); !ok || got != c.want {
				t.Errorf("%s%v = %v (present %v), want %v", c.name, c.labels, got, ok, c.want)
			}
		}
		// The raw path of an unknown URL never becomes a label.
		if strings.Contains(rec.Body.String(), "/api/no/such") {
			t.Error("a raw path is a label")
		}
		for _, name := range []string{"spdc_outbox_oldest_waiting_age_seconds", "spdc_search_index_lag_rows", "spdc_db_open_connections", "spdc_db_in_use_connections", "go_goroutines"} {
			if fams[name] == nil {
				t.Errorf("family %s missing", name)
			}
		}
		// No certificate: no sample; once the HTTPS part reports one, it shows.
		if fams["spdc_certificate_expiry_timestamp_seconds"] != nil {
			t.Error("certificate expiry without a certificate")
		}
		m.SetCertificateExpiry(e.clock.AddDate(0, 2, 0))
		rec = httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		fams, err = parser.TextToMetricFamilies(strings.NewReader(rec.Body.String()))
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := value("spdc_certificate_expiry_timestamp_seconds", nil); !ok || got != float64(e.clock.AddDate(0, 2, 0).Unix()) {
			t.Errorf("certificate expiry %v %v", got, ok)
		}
	})
}
