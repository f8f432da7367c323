// Package observe carries what the layers of one request learn about it
// back to the code that measures it: the route pattern the ServeMux
// matched, and the throttle limits that refused it. It has no
// dependencies, so the HTTP layer, the throttle and the metrics can all
// use it; a request without a Request in its context records nothing.
package observe

import (
	"context"
	"sync"
)

// Request is what was learnt about one request.
type Request struct {
	mu       sync.Mutex
	route    string
	refusals []string
}

type ctxKey struct{}

// With returns a context that records into a new Request, and that Request.
func With(ctx context.Context) (context.Context, *Request) {
	r := &Request{}
	return context.WithValue(ctx, ctxKey{}, r), r
}

func from(ctx context.Context) *Request {
	r, _ := ctx.Value(ctxKey{}).(*Request)
	return r
}

// SetRoute records the pattern that served the request (the ServeMux's
// r.Pattern, like "GET /api/site"), never the path itself.
func SetRoute(ctx context.Context, pattern string) {
	if r := from(ctx); r != nil && pattern != "" {
		r.mu.Lock()
		r.route = pattern
		r.mu.Unlock()
	}
}

// Refused records that the limit named limit refused the request.
func Refused(ctx context.Context, limit string) {
	if r := from(ctx); r != nil {
		r.mu.Lock()
		r.refusals = append(r.refusals, limit)
		r.mu.Unlock()
	}
}

// Route is the recorded pattern, "" when none matched.
func (r *Request) Route() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.route
}

// Refusals are the limits that refused the request, in order.
func (r *Request) Refusals() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.refusals...)
}
