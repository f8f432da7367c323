package reliability

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadDuration is 60 s with SPDC_LONG=1 (the figure) and a bounded
// 10 s otherwise, so `make test` stays fast.
func loadDuration() time.Duration {
	if os.Getenv("SPDC_LONG") == "1" {
		return 60 * time.Second
	}
	return 10 * time.Second
}

var assetRE = regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`)

// TestMixedLoad runs concurrent clients doing what visitors do — pages,
// assets, a signed-in profile, health checks, an unknown approval link and
// form submissions — and checks: no 5xx, every acknowledged submission
// stored once, and memory flat at the end. It reports requests served and
// peak RSS.
func TestMixedLoad(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			p := startSpdc(t, b.URL, t.TempDir())
			p.ready(t, 20*time.Second)
			c := newClient(10 * time.Second)
			tok := registerAndLogin(t, c, p.Base, "load@example.org", "+919876500003", "a long load passphrase")
			index := mustCall(t, c, "GET", p.Base+"/", nil, "")
			paths := []string{"/", "/becomevolunteer", "/healthz", "/readyz", "/favicon.svg"}
			for _, m := range assetRE.FindAllStringSubmatch(string(index.Body), -1) {
				paths = append(paths, m[1])
			}

			const clients = 8
			d := loadDuration()
			var (
				served, fiveXX, transport atomic.Int64
				seq                       atomic.Int64
				mu                        sync.Mutex
				acked                     = map[string]bool{}
				stop                      atomic.Bool
				wg                        sync.WaitGroup
			)
			for w := 0; w < clients; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					c := newClient(10 * time.Second)
					rng := rand.New(rand.NewPCG(uint64(w), 7))
					for !stop.Load() {
						var r resp
						var err error
						switch n := rng.IntN(10); {
						case n < 3:
							m := fmt.Sprintf("load-%07d", seq.Add(1))
							r, err = call(c, "POST", p.Base+"/api/volunteers/register", volunteer(m), "")
							if err == nil && r.Status/100 == 2 {
								mu.Lock()
								acked[m] = true
								mu.Unlock()
							}
						case n < 5:
							r, err = call(c, "GET", p.Base+"/api/users/me", nil, tok)
						case n < 6:
							r, err = call(c, "GET", p.Base+"/api/approval/"+randomToken(rng), nil, "")
						default:
							r, err = call(c, "GET", p.Base+paths[rng.IntN(len(paths))], nil, "")
						}
						switch {
						case err != nil:
							transport.Add(1)
						case r.Status >= 500:
							fiveXX.Add(1)
						default:
							served.Add(1)
						}
					}
				}()
			}
			// Sample memory while the load runs.
			var samples []int
			start := time.Now()
			for time.Since(start) < d {
				time.Sleep(250 * time.Millisecond)
				samples = append(samples, p.rssKiB())
			}
			stop.Store(true)
			wg.Wait()
			elapsed := time.Since(start)
			samples = append(samples, p.rssKiB())

			peak, half := 0, 0
			for i, s := range samples {
				peak = max(peak, s)
				if i < len(samples)/2 {
					half = max(half, s)
				}
			}
			end := samples[len(samples)-1]

			st := openStore(t, b.URL)
			found := markerCounts(t, st)
			lost := 0
			for m := range acked {
				if found[m] != 1 {
					lost++
				}
			}
			total := served.Load() + fiveXX.Load()
			t.Logf("%s load: %s, %d clients: %d requests answered (%.0f/s), %d 5xx, %d transport errors; %d submissions acknowledged, %d lost; RSS peak %.1f MiB, first half max %.1f MiB, end %.1f MiB",
				b.Name, elapsed.Round(time.Second), clients, total, float64(total)/elapsed.Seconds(), fiveXX.Load(), transport.Load(),
				len(acked), lost, float64(peak)/1024, float64(half)/1024, float64(end)/1024)
			if fiveXX.Load() != 0 {
				t.Errorf("%d answers were 5xx\n%s", fiveXX.Load(), tail(p.logs.String(), 3000))
			}
			if transport.Load() != 0 {
				t.Errorf("%d requests failed without an answer", transport.Load())
			}
			if lost != 0 {
				t.Errorf("%d acknowledged submissions are missing or duplicated", lost)
			}
			if len(acked) == 0 {
				t.Error("no submission was acknowledged")
			}
			// Memory is flat: the end is not far above the first half's
			// high-water mark (Go keeps some slack; a leak grows steadily).
			if end > half*3/2+32*1024 {
				t.Errorf("memory grew under steady load: first half max %d KiB, end %d KiB", half, end)
			}
		})
	}
}

// randomToken looks like a one-time token but matches nothing.
func randomToken(rng *rand.Rand) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	b := make([]byte, 43)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}
