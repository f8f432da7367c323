package auth

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// together runs fn(i) for i < n on n goroutines released at once.
func together(n int, fn func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			fn(i)
		}()
	}
	close(start)
	wg.Wait()
}

// wrongPasswords sends n parallel sign-in attempts with wrong passwords,
// spread over stores, as the login handler makes them: Begin, the argon2
// check, Fail. It returns how many got through Begin, how many checks ran,
// and the refusals' waits.
func wrongPasswords(t *testing.T, stores []*store.Store, now time.Time, n int, checks ...Keyed) (through, hashed int, waits []time.Duration) {
	t.Helper()
	h := NewHasher(Cheap)
	enc, err := h.Hash("the right password")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu        sync.Mutex
		nThrough  atomic.Int32
		nHashed   atomic.Int32
		firstFail error
	)
	together(n, func(i int) {
		th := NewThrottle(stores[i%len(stores)])
		att, wait, err := th.Begin(context.Background(), now, checks...)
		if err == nil && att != nil {
			nThrough.Add(1)
			nHashed.Add(1)
			if verr := h.Verify(enc, fmt.Sprint("wrong ", i)); verr != ErrMismatch {
				err = fmt.Errorf("verify: %v", verr)
			} else {
				err = att.Fail(context.Background())
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil && firstFail == nil {
			firstFail = err
		}
		if att == nil && err == nil {
			waits = append(waits, wait)
		}
	})
	if firstFail != nil {
		t.Fatal(firstFail)
	}
	return int(nThrough.Load()), int(nHashed.Load()), waits
}

var (
	testAccount = Limit{Name: "test-account", Max: 5, Window: 15 * time.Minute}
	testAddress = Limit{Name: "test-ip", Max: 30, Window: 15 * time.Minute}
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// TestThrottleBurst: 30 parallel wrong passwords for one account let at
// most the limit through to the password check, and the rest get the
// full wait; a refusal records nothing, so the wait is that of the first
// failures.
func TestThrottleBurst(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		checks := []Keyed{{testAddress, "198.51.100.1"}, {testAccount, "u:alice"}}
		through, hashed, waits := wrongPasswords(t, []*store.Store{st}, t0, 30, checks...)
		t.Logf("%d of 30 through, %d password checks", through, hashed)
		if through != testAccount.Max || hashed != testAccount.Max || len(waits) != 30-testAccount.Max {
			t.Fatalf("%d through, %d checks, %d refused; want %d, %d, %d", through, hashed, len(waits), testAccount.Max, testAccount.Max, 30-testAccount.Max)
		}
		for _, w := range waits {
			if w != testAccount.Window {
				t.Fatalf("wait %v, want %v", w, testAccount.Window)
			}
		}
		// A refusal later in the window does not extend it.
		th := NewThrottle(st)
		if att, wait, err := th.Begin(context.Background(), t0.Add(10*time.Minute), checks...); err != nil || att != nil || wait != 5*time.Minute {
			t.Fatalf("10 minutes on: %v %v %v", att, wait, err)
		}
		// Only the account's limit is used up; the address has 25 left,
		// and the account opens again after its window.
		if n := len(events(t, st, testAddress.Bucket("198.51.100.1"))); n != testAccount.Max {
			t.Errorf("%d address events, want %d", n, testAccount.Max)
		}
		att, wait, err := th.Begin(context.Background(), t0.Add(testAccount.Window+time.Second), checks...)
		if err != nil || att == nil || wait != 0 {
			t.Fatalf("after the window: %v %v %v", att, wait, err)
		}
	})
}

// TestThrottleBurstTwoInstances: the same burst spread over two stores on
// one database (two server instances) still lets only the limit through.
func TestThrottleBurstTwoInstances(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			stores := []*store.Store{storetest.OpenURL(t, b.URL), storetest.OpenURL(t, b.URL)}
			through, hashed, _ := wrongPasswords(t, stores, t0, 30, Keyed{testAccount, "u:bob"})
			t.Logf("%d of 30 through, %d password checks", through, hashed)
			if through != testAccount.Max || hashed != testAccount.Max {
				t.Fatalf("%d through, %d checks; want %d", through, hashed, testAccount.Max)
			}
			// Per address over both: 60 attempts, 60 accounts, one address.
			through, _, _ = wrongPasswords(t, stores, t0, 60, Keyed{testAddress, "203.0.113.9"})
			if through != testAddress.Max {
				t.Fatalf("per address: %d through, want %d", through, testAddress.Max)
			}
		})
	}
}

// TestThrottleRightPasswordsQueue: attempts that are released (right
// passwords) never count, and parallel ones beyond the limit wait for the
// ones in flight instead of being refused.
func TestThrottleRightPasswordsQueue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		k := Keyed{testAccount, "u:carol"}
		var ok atomic.Int32
		errs := make(chan error, 20)
		together(20, func(i int) {
			att, wait, err := NewThrottle(st).Begin(context.Background(), t0, k)
			if err != nil || att == nil {
				errs <- fmt.Errorf("attempt %d: %v %v", i, wait, err)
				return
			}
			time.Sleep(2 * time.Millisecond) // the password check
			if err := att.Release(context.Background()); err != nil {
				errs <- err
				return
			}
			ok.Add(1)
		})
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if ok.Load() != 20 {
			t.Fatalf("%d of 20 right passwords through", ok.Load())
		}
		if ev := events(t, st, k.Limit.Bucket(k.Key)); len(ev) != 0 {
			t.Fatalf("%d events left", len(ev))
		}
		// Four failures, then a right password clears them.
		for range 4 {
			att, _, err := NewThrottle(st).Begin(context.Background(), t0, k)
			if err != nil || att == nil {
				t.Fatal(err)
			}
			if err := att.Fail(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		att, _, err := NewThrottle(st).Begin(context.Background(), t0, k)
		if err != nil || att == nil {
			t.Fatal(err)
		}
		if err := att.Release(context.Background(), k); err != nil {
			t.Fatal(err)
		}
		if ev := events(t, st, k.Limit.Bucket(k.Key)); len(ev) != 0 {
			t.Fatalf("%d events left after a clearing release", len(ev))
		}
	})
}

// TestThrottleInFlight: an attempt in flight holds its room; one that
// never comes back (its process died) counts as failed once pendingFor has
// passed; a cancelled request still settles its attempt.
func TestThrottleInFlight(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		defer func(d time.Duration) { maxQueue = d }(maxQueue)
		maxQueue = 200 * time.Millisecond
		one := Limit{Name: "test-one", Max: 1, Window: time.Hour, Attempts: true}
		k := Keyed{one, "x"}
		th := NewThrottle(st)
		held, _, err := th.Begin(context.Background(), t0, k)
		if err != nil || held == nil {
			t.Fatal(err)
		}
		// Take does not queue behind it, and records nothing.
		if wait, err := th.Take(context.Background(), t0, k); err != nil || wait < time.Second {
			t.Fatalf("Take while in flight: %v %v", wait, err)
		}
		if n := len(events(t, st, one.Bucket("x"))); n != 1 {
			t.Fatalf("%d events, want 1", n)
		}
		// Busy: the second waits for the first, then gives up.
		start := time.Now()
		att, wait, err := th.Begin(context.Background(), t0, k)
		if err != nil || att != nil || wait < time.Second || wait > pendingFor {
			t.Fatalf("while in flight: %v %v %v", att, wait, err)
		}
		if d := time.Since(start); d < maxQueue {
			t.Errorf("gave up after %v, before %v", d, maxQueue)
		}
		// Released while the second waits: it gets through. The wait is
		// long here, so a starved machine cannot make the release late.
		maxQueue = 30 * time.Second
		go func() {
			time.Sleep(50 * time.Millisecond)
			_ = held.Release(context.Background())
		}()
		att, wait, err = th.Begin(context.Background(), t0, k)
		if err != nil || att == nil {
			t.Fatalf("after the release: %v %v %v", att, wait, err)
		}
		// Never comes back: after pendingFor it counts, for the window.
		later := t0.Add(pendingFor + time.Second)
		if att2, wait, err := th.Begin(context.Background(), later, k); err != nil || att2 != nil || wait != time.Hour-pendingFor-time.Second {
			t.Fatalf("abandoned attempt: %v %v %v", att2, wait, err)
		}
		// A cancelled context still settles (and releases).
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := att.Fail(ctx); err != nil {
			t.Fatalf("fail with a cancelled context: %v", err)
		}
		if ev := events(t, st, one.Bucket("x")); len(ev) != 1 || !ev[0].Settled(t0) {
			t.Fatalf("events %+v", ev)
		}
	})
}

// TestThrottleTake: parallel Takes record exactly the limit, refusals
// record nothing, and a limit used up under one key records nothing under
// the others.
func TestThrottleTake(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		email := Limit{Name: "test-email", Max: 3, Window: time.Hour}
		addr := Limit{Name: "test-addr", Max: 10, Window: time.Hour}
		var through atomic.Int32
		together(20, func(i int) {
			wait, err := NewThrottle(st).Take(context.Background(), t0, Keyed{addr, fmt.Sprint("10.0.0.", i)}, Keyed{email, "a@example.org"})
			if err == nil && wait == 0 {
				through.Add(1)
			}
		})
		if through.Load() != 3 {
			t.Fatalf("%d through, want 3", through.Load())
		}
		if n := len(events(t, st, email.Bucket("a@example.org"))); n != 3 {
			t.Errorf("%d events, want 3", n)
		}
		recorded := 0
		for i := range 20 {
			recorded += len(events(t, st, addr.Bucket(fmt.Sprint("10.0.0.", i))))
		}
		if recorded != 3 {
			t.Errorf("%d address events, want 3 (refusals record nothing)", recorded)
		}
		// A refusal tells how long until the oldest event leaves the
		// used-up window, and takes back the room it found in the other.
		if wait, err := NewThrottle(st).Take(context.Background(), t0.Add(10*time.Minute), Keyed{addr, "10.0.1.1"}, Keyed{email, "a@example.org"}); err != nil || wait != 50*time.Minute {
			t.Errorf("refused Take: wait %v, %v; want 50m", wait, err)
		}
		if n := len(events(t, st, addr.Bucket("10.0.1.1"))); n != 0 {
			t.Errorf("refused Take left %d address events", n)
		}
		// Inside a transaction: recorded only if it commits.
		th := NewThrottle(st)
		err := st.InTx(context.Background(), func(tx *store.Tx) error {
			if wait, err := th.TakeTx(context.Background(), tx, t0, Keyed{addr, "10.9.9.9"}); err != nil || wait != 0 {
				t.Errorf("TakeTx: %v %v", wait, err)
			}
			return fmt.Errorf("roll back")
		})
		if err == nil || len(events(t, st, addr.Bucket("10.9.9.9"))) != 0 {
			t.Errorf("rolled back TakeTx recorded: %v", err)
		}
	})
}

// TestThrottleSharedEvents: a daily limit that counts the events of an
// hourly one on the same key records nothing of its own: each take is one
// event, seen by both limits over their own windows, whether the
// reservation is made in one statement or the long way (a limit with a
// Spacing).
func TestThrottleSharedEvents(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		for _, spaced := range []bool{false, true} {
			hour := Limit{Name: fmt.Sprint("test-hour-", spaced), Max: 3, Window: time.Hour}
			day := Limit{Name: fmt.Sprint("test-day-", spaced), Events: hour.Name, Max: 5, Window: 24 * time.Hour}
			if spaced {
				day.Spacing = func(int) time.Duration { return 0 }
			}
			if day.Bucket("k") != hour.Bucket("k") {
				t.Fatalf("the daily limit's bucket %s is not the hourly one's %s", day.Bucket("k"), hour.Bucket("k"))
			}
			take := func(at time.Duration) time.Duration {
				t.Helper()
				wait, err := NewThrottle(st).Take(context.Background(), t0.Add(at), Keyed{hour, "k"}, Keyed{day, "k"})
				if err != nil {
					t.Fatal(err)
				}
				return wait
			}
			for i := range 3 {
				if wait := take(time.Duration(i) * time.Minute); wait != 0 {
					t.Fatalf("spaced %v: take %d refused for %v", spaced, i, wait)
				}
			}
			if n := len(events(t, st, hour.Bucket("k"))); n != 3 {
				t.Errorf("spaced %v: %d events after 3 takes, want 3 (one per take)", spaced, n)
			}
			if wait := take(3 * time.Minute); wait != 57*time.Minute {
				t.Errorf("spaced %v: 4th take in the hour waits %v, want 57m", spaced, wait)
			}
			// Two hours on, the hourly limit has room again; the daily one
			// has room for two more of its five.
			for i := range 2 {
				if wait := take(2*time.Hour + time.Duration(i)*time.Minute); wait != 0 {
					t.Fatalf("spaced %v: take %d after two hours refused for %v", spaced, i, wait)
				}
			}
			if wait := take(3 * time.Hour); wait != 21*time.Hour {
				t.Errorf("spaced %v: 6th take in the day waits %v, want 21h (until the first leaves the day)", spaced, wait)
			}
			if n := len(events(t, st, hour.Bucket("k"))); n != 5 {
				t.Errorf("spaced %v: %d events after 5 takes, want 5", spaced, n)
			}
		}
	})
}

// TestThrottleTakeAcrossInstancesAndRollbacks: counted limits (Take, as
// every form's) hold over two instances on one database, count nothing of
// a form rolled back while other forms commit with it, and survive a
// restart.
func TestThrottleTakeAcrossInstancesAndRollbacks(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			limit := Limit{Name: "test-take", Max: 10, Window: time.Hour}
			k := Keyed{limit, "203.0.113.7"}
			stores := []*store.Store{storetest.OpenURL(t, b.URL), storetest.OpenURL(t, b.URL)}
			// 40 forms at once over both instances; every other one fails
			// after its reservation and is rolled back.
			var kept, refused atomic.Int32
			errFailed := errors.New("the form failed")
			together(40, func(i int) {
				st := stores[i%2]
				var wait time.Duration
				err := st.InTx(ctx, func(tx *store.Tx) error {
					var err error
					if wait, err = NewThrottle(st).TakeTx(ctx, tx, t0, k); err != nil || wait > 0 {
						return err
					}
					// A moment of the writer's, so that the others queue
					// and are committed together.
					time.Sleep(2 * time.Millisecond)
					if i%4 < 2 {
						return errFailed
					}
					return nil
				})
				switch {
				case err == nil && wait > 0:
					refused.Add(1)
				case err == nil:
					kept.Add(1)
				case !errors.Is(err, errFailed):
					t.Error(err)
				}
			})
			// A failed form's reservation is gone with it, so the forms that
			// did not fail fill the hour exactly.
			if kept.Load() != int32(limit.Max) {
				t.Fatalf("%d forms kept, %d refused: want %d kept (a failed form counts nothing)", kept.Load(), refused.Load(), limit.Max)
			}
			// The hour is full on either instance and after a restart, and
			// open again once it has passed.
			restarted := storetest.OpenURL(t, b.URL)
			for i, st := range []*store.Store{stores[0], stores[1], restarted} {
				if wait, err := NewThrottle(st).Take(ctx, t0.Add(time.Minute), k); err != nil || wait != 59*time.Minute {
					t.Errorf("instance %d in the same hour: wait %v, %v; want 59m", i, wait, err)
				}
			}
			if wait, err := NewThrottle(restarted).Take(ctx, t0.Add(time.Hour+time.Second), k); err != nil || wait != 0 {
				t.Errorf("an hour later: wait %v, %v; want through", wait, err)
			}
		})
	}
}

// TestThrottleTakeTwoInstancesInTurn: two instances taking a counted
// limit in turn each see the other's events, however many they had
// already read.
func TestThrottleTakeTwoInstancesInTurn(t *testing.T) {
	for _, b := range storetest.Backends(t) {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			two := Limit{Name: "test-two", Max: 2, Window: time.Hour}
			a, c := storetest.OpenURL(t, b.URL), storetest.OpenURL(t, b.URL)
			take := func(st *store.Store, key string, at time.Duration) time.Duration {
				t.Helper()
				wait, err := NewThrottle(st).Take(ctx, t0.Add(at), Keyed{two, key})
				if err != nil {
					t.Fatal(err)
				}
				return wait
			}
			// Each instance has read the log once already.
			take(a, "warm-a", 0)
			take(c, "warm-c", 0)
			if wait := take(a, "k", time.Minute); wait != 0 {
				t.Fatalf("first take on a: wait %v", wait)
			}
			if wait := take(c, "k", 2*time.Minute); wait != 0 {
				t.Fatalf("second take, on c: wait %v", wait)
			}
			if wait := take(a, "k", 3*time.Minute); wait != 58*time.Minute {
				t.Errorf("third take, on a: wait %v, want 58m (c's take counts)", wait)
			}
			if wait := take(c, "k", 3*time.Minute); wait != 58*time.Minute {
				t.Errorf("third take, on c: wait %v, want 58m", wait)
			}
		})
	}
}

func events(t *testing.T, st *store.Store, bucket string) []store.ThrottleEvent {
	t.Helper()
	ev, err := st.ThrottleWindow(context.Background(), bucket, t0.Add(-24*time.Hour), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
