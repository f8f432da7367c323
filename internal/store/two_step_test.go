package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spdc/internal/store"
	"spdc/internal/store/storetest"
)

// TestTwoStepCodesWorkOnce: of many requests spending the same code (its
// time step), the same recovery code or the same challenge at once, on
// either database, exactly one succeeds; an older step is refused; an
// enrolment not yet confirmed signs no one in and cannot be confirmed
// twice.
func TestTwoStepCodesWorkOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		u := &store.User{FullName: "Madhavi Dasi", Email: "madhavi@example.org", PasswordHash: "argon2id$x"}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.UseTwoStepStep(ctx, st.Writer(), u.ID, 5); err != nil || ok {
			t.Fatalf("a step spent without two-step sign-in: %v %v", ok, err)
		}
		if err := st.BeginTwoStep(ctx, u.ID, "v1:first"); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.UseTwoStepStep(ctx, st.Writer(), u.ID, 5); err != nil || ok {
			t.Fatalf("a step spent before the first code: %v %v", ok, err)
		}
		if err := st.ConfirmTwoStep(ctx, u.ID, 10, []string{"r1", "r2"}, store.Actor{ID: u.ID}); err != nil {
			t.Fatal(err)
		}
		if err := st.ConfirmTwoStep(ctx, u.ID, 11, nil, store.Actor{ID: u.ID}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second confirmation: %v", err)
		}
		if err := st.BeginTwoStep(ctx, u.ID, "v1:second"); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("setup over one that is on: %v", err)
		}
		if err := st.CreateTwoStepChallenge(ctx, "c1", u.ID, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		var steps, codes, challenges atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if ok, err := st.UseTwoStepStep(ctx, st.Writer(), u.ID, 11); err != nil {
					t.Error(err)
				} else if ok {
					steps.Add(1)
				}
				if ok, err := st.UseRecoveryCode(ctx, st.Writer(), u.ID, "r1"); err != nil {
					t.Error(err)
				} else if ok {
					codes.Add(1)
				}
				if ok, err := st.UseTwoStepChallenge(ctx, st.Writer(), "c1"); err != nil {
					t.Error(err)
				} else if ok {
					challenges.Add(1)
				}
			}()
		}
		wg.Wait()
		if steps.Load() != 1 || codes.Load() != 1 || challenges.Load() != 1 {
			t.Fatalf("spent: %d steps, %d recovery codes, %d challenges; want one each", steps.Load(), codes.Load(), challenges.Load())
		}
		if ok, _ := st.UseTwoStepStep(ctx, st.Writer(), u.ID, 10); ok {
			t.Error("an older step was accepted")
		}
		ts, err := st.TwoStepOf(ctx, u.ID)
		if err != nil || !ts.On() || ts.LastStep != 11 || ts.RecoveryLeft != 1 {
			t.Fatalf("two-step: %+v %v", ts, err)
		}
		// A challenge ends with its misses.
		if err := st.CreateTwoStepChallenge(ctx, "c2", u.ID, time.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		for range store.TwoStepChallengeMisses {
			if _, err := st.TwoStepChallengeUser(ctx, "c2"); err != nil {
				t.Fatal(err)
			}
			if err := st.MissTwoStepChallenge(ctx, "c2"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := st.TwoStepChallengeUser(ctx, "c2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("challenge after its misses: %v", err)
		}
	})
}
