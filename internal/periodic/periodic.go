// Package periodic runs the server's background jobs on a timer: the
// sweeps, the digest, the alerts' checks and the backups each run once at
// start and then every interval until the server stops.
package periodic

import (
	"context"
	"time"
)

// Run calls job at once and then every interval until ctx ends. A job
// that overruns the interval delays the next call rather than piling
// calls up.
func Run(ctx context.Context, interval time.Duration, job func(ctx context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		job(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
