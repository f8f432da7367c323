package media

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkImage10MB processes a 24-megapixel photo of about 9.7 MB (the
// largest file an admin may upload is 10 MB) into its three widths. It
// reports, besides time and allocations, the peak of the live heap while
// it runs (peak-heap-MB), sampled every millisecond.
//
//	go test -run '^$' -bench Image10MB -benchtime 5x ./internal/media
func BenchmarkImage10MB(b *testing.B) {
	body := encodeJPEG(b, photo(6000, 4000, 10), 95)
	if len(body) > MaxImageBytes {
		b.Fatalf("test photo is %d bytes, over the limit", len(body))
	}
	b.ReportMetric(float64(len(body))/(1<<20), "upload-MB")
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)

	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
			}
		}
	})

	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := Process(b.Context(), bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Files) != 3 {
			b.Fatalf("%d files", len(res.Files))
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(peak.Load()-min(peak.Load(), base.HeapAlloc))/(1<<20), "peak-heap-MB")
}
