package config

import (
	"errors"
	"io"
	"testing"
)

// TestTimezone: SPDC_TIMEZONE defaults to India's zone, takes another
// IANA name, and refuses an unknown one naming the variable.
func TestTimezone(t *testing.T) {
	c, err := Load("spdc", nil, env(nil), io.Discard)
	if err != nil || c.Zone.Name() != "Asia/Kolkata" {
		t.Fatalf("default zone %v, %v", c.Zone, err)
	}
	c, err = Load("spdc", []string{"--timezone", "UTC"}, env(nil), io.Discard)
	if err != nil || c.Zone.Name() != "UTC" {
		t.Fatalf("flag zone %v, %v", c.Zone, err)
	}
	_, err = Load("spdc", nil, env(map[string]string{"SPDC_TIMEZONE": "Mars/Olympus"}), io.Discard)
	var ce *Error
	if !errors.As(err, &ce) || ce.Var != "SPDC_TIMEZONE" {
		t.Fatalf("unknown zone: %v", err)
	}
}
