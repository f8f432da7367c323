package observe

import (
	"context"
	"slices"
	"testing"
)

func TestRecordsRouteAndRefusals(t *testing.T) {
	// Without an observer nothing is recorded and nothing fails.
	SetRoute(context.Background(), "GET /x")
	Refused(context.Background(), "contact-ip")

	ctx, r := With(context.Background())
	SetRoute(ctx, "")
	if r.Route() != "" {
		t.Fatalf("empty pattern recorded: %q", r.Route())
	}
	SetRoute(ctx, "POST /api/contact")
	Refused(ctx, "contact-ip")
	Refused(ctx, "form-ip")
	if r.Route() != "POST /api/contact" || !slices.Equal(r.Refusals(), []string{"contact-ip", "form-ip"}) {
		t.Fatalf("got %q %v", r.Route(), r.Refusals())
	}
}
