package reliability

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestKill9LosesNoAcknowledgedWrite submits volunteer registrations from
// several clients, kills the server with SIGKILL in the middle, restarts it
// on the same database, and checks that every registration answered 2xx is
// stored exactly once (with its acknowledgement mail in the outbox), that
// no registration is stored twice, and that nothing unknown appeared.
func TestKill9LosesNoAcknowledgedWrite(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			dataDir := t.TempDir()
			const rounds = 2
			acked := map[string]bool{}
			sent := map[string]bool{} // every marker sent, answered or not
			for round := 1; round <= rounds; round++ {
				p := startSpdc(t, b.URL, dataDir)
				p.ready(t, 20*time.Second)
				a, s := crashRound(t, p, round)
				for m := range a {
					acked[m] = true
				}
				for m := range s {
					sent[m] = true
				}
				if len(a) == 0 {
					t.Fatalf("round %d: no submission was acknowledged before the kill\n%s", round, tail(p.logs.String(), 2000))
				}
				// Restart on the same database; it must come up and hold
				// every acknowledged write.
				p2 := startSpdc(t, b.URL, dataDir)
				p2.ready(t, 20*time.Second)
				st := openStore(t, b.URL)
				found := markerCounts(t, st)
				mails := outboxCounts(t, st)
				lost, dup, unknown := 0, 0, 0
				for m := range acked {
					switch n := found[m]; {
					case n == 0:
						lost++
						t.Errorf("round %d: acknowledged %s is missing", round, m)
					case mails[m+"@example.org"] != 1:
						t.Errorf("round %d: acknowledged %s has %d acknowledgement mails in the outbox", round, m, mails[m+"@example.org"])
					}
				}
				total := 0
				for m, n := range found {
					total += n
					if n > 1 {
						dup++
						t.Errorf("round %d: %s stored %d times", round, m, n)
					}
					if !sent[m] {
						unknown++
						t.Errorf("round %d: %s stored but never sent", round, m)
					}
				}
				t.Logf("%s crash %d: %d acknowledged in total, %d found (%d rows; %d sent without answer and stored), lost %d, duplicated %d",
					b.Name, round, len(acked), len(acked)-lost, total, total-len(acked), lost, dup)
				p2.kill()
				_ = unknown
			}
		})
	}
}

// crashRound runs a write load against p, kills p with SIGKILL after a
// short while, and returns the markers answered 2xx and all markers sent.
func crashRound(t *testing.T, p *proc, round int) (acked, sent map[string]bool) {
	t.Helper()
	const workers = 6
	var (
		mu      sync.Mutex
		stop    atomic.Bool
		wg      sync.WaitGroup
		seq     atomic.Int64
		badCode atomic.Int64
	)
	acked, sent = map[string]bool{}, map[string]bool{}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newClient(5 * time.Second)
			for !stop.Load() {
				m := fmt.Sprintf("crash-r%d-%06d", round, seq.Add(1))
				mu.Lock()
				sent[m] = true
				mu.Unlock()
				r, err := call(c, "POST", p.Base+"/api/volunteers/register", volunteer(m), "")
				if err != nil {
					continue // killed mid-request: not acknowledged
				}
				if r.Status/100 == 2 {
					mu.Lock()
					acked[m] = true
					mu.Unlock()
				} else if r.Status != 503 {
					badCode.Add(1)
					t.Errorf("submission answered %d: %s", r.Status, r.Body)
				}
			}
		}()
	}
	// Let the load run, then kill -9 while requests are in flight: after
	// 40 acknowledged writes, or after 5 s — but never before the first
	// acknowledgement (a loaded machine may take longer than 5 s to
	// answer one), waiting up to 60 s for it.
	deadline := time.Now().Add(5 * time.Second)
	firstDeadline := time.Now().Add(60 * time.Second)
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		now := time.Now()
		if n >= 40 || (n > 0 && !now.Before(deadline)) || !now.Before(firstDeadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.kill()
	stop.Store(true)
	wg.Wait()
	return acked, sent
}
