package periodic

import (
	"context"
	"testing"
	"time"
)

func TestRunAtOnceThenEveryIntervalUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, time.Millisecond, func(context.Context) {
			calls++
			if calls == 3 {
				cancel()
			}
		})
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return once its context ended")
	}
	if calls < 3 {
		t.Fatalf("job ran %d times, want at least 3", calls)
	}
}
