package config

import (
	"errors"
	"io"
	"testing"
	"time"

	"filippo.io/age"
)

func TestOpsDefaults(t *testing.T) {
	c, err := Load("spdc", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.BackupDir != "" || c.BackupEvery != 24*time.Hour || c.BackupKeep != (Keep{Days: 7, Weeks: 4}) || c.MetricsAddr != "" || c.BackupUnencrypted {
		t.Fatalf("ops defaults: %+v", c.Ops)
	}
}

func TestOpsVariables(t *testing.T) {
	id, err := age.GenerateX25519Identity()
	if err != nil {
		t.Fatal(err)
	}
	key := id.Recipient().String()
	cases := []struct {
		name string
		env  map[string]string
		bad  string // the variable named by the error, or "" for none
	}{
		{"encrypted backups", map[string]string{"SPDC_BACKUP_DIR": "/srv/b", "SPDC_BACKUP_RECIPIENTS": key + " , " + key}, ""},
		{"clear backups allowed", map[string]string{"SPDC_BACKUP_DIR": "/srv/b", "SPDC_BACKUP_UNENCRYPTED": "1"}, ""},
		{"no recipients", map[string]string{"SPDC_BACKUP_DIR": "/srv/b"}, "SPDC_BACKUP_RECIPIENTS"},
		{"no recipients, unencrypted=0", map[string]string{"SPDC_BACKUP_DIR": "/srv/b", "SPDC_BACKUP_UNENCRYPTED": "0"}, "SPDC_BACKUP_RECIPIENTS"},
		{"bad unencrypted", map[string]string{"SPDC_BACKUP_UNENCRYPTED": "maybe"}, "SPDC_BACKUP_UNENCRYPTED"},
		{"bad recipient", map[string]string{"SPDC_BACKUP_DIR": "/srv/b", "SPDC_BACKUP_RECIPIENTS": "age1nope"}, "SPDC_BACKUP_RECIPIENTS"},
		{"comment in recipient", map[string]string{"SPDC_BACKUP_RECIPIENTS": key + "#x"}, "SPDC_BACKUP_RECIPIENTS"},
		{"postgres", map[string]string{"SPDC_BACKUP_DIR": "/srv/b", "SPDC_BACKUP_UNENCRYPTED": "1", "DATABASE_URL": "postgres://u@h/db"}, "SPDC_BACKUP_DIR"},
		{"every 6h", map[string]string{"SPDC_BACKUP_EVERY": "6h"}, ""},
		{"every too short", map[string]string{"SPDC_BACKUP_EVERY": "10s"}, "SPDC_BACKUP_EVERY"},
		{"every not a duration", map[string]string{"SPDC_BACKUP_EVERY": "daily"}, "SPDC_BACKUP_EVERY"},
		{"every too long", map[string]string{"SPDC_BACKUP_EVERY": "800h"}, "SPDC_BACKUP_EVERY"},
		{"keep days only", map[string]string{"SPDC_BACKUP_KEEP": "14d"}, ""},
		{"keep bad unit", map[string]string{"SPDC_BACKUP_KEEP": "7m"}, "SPDC_BACKUP_KEEP"},
		{"keep twice", map[string]string{"SPDC_BACKUP_KEEP": "7d,3d"}, "SPDC_BACKUP_KEEP"},
		{"keep zero", map[string]string{"SPDC_BACKUP_KEEP": "0d"}, "SPDC_BACKUP_KEEP"},
		{"keep nothing", map[string]string{"SPDC_BACKUP_KEEP": ","}, "SPDC_BACKUP_KEEP"},
		{"keep too many", map[string]string{"SPDC_BACKUP_KEEP": "400d"}, "SPDC_BACKUP_KEEP"},
		{"metrics", map[string]string{"SPDC_METRICS_ADDR": "127.0.0.1:9090"}, ""},
		{"metrics not host:port", map[string]string{"SPDC_METRICS_ADDR": "9090"}, "SPDC_METRICS_ADDR"},
		{"metrics on the site's address", map[string]string{"SPDC_METRICS_ADDR": "127.0.0.1:8080"}, "SPDC_METRICS_ADDR"},
		{"metrics on every address, site's port", map[string]string{"SPDC_METRICS_ADDR": ":8080"}, "SPDC_METRICS_ADDR"},
		{"site on every address", map[string]string{"SPDC_ADDR": "0.0.0.0:80", "SPDC_PUBLIC_URL": "https://example.org", "SPDC_METRICS_ADDR": "127.0.0.1:80"}, "SPDC_METRICS_ADDR"},
		{"same port, other host", map[string]string{"SPDC_ADDR": "127.0.0.1:8080", "SPDC_METRICS_ADDR": "10.0.0.5:8080"}, ""},
		{"metrics on the HTTPS port", map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_METRICS_ADDR": "127.0.0.1:443"}, "SPDC_METRICS_ADDR"},
		{"metrics on the HTTP port", map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_METRICS_ADDR": "127.0.0.1:80"}, "SPDC_METRICS_ADDR"},
		{"metrics beside HTTPS", map[string]string{"SPDC_DOMAIN": "example.org", "SPDC_METRICS_ADDR": "127.0.0.1:8080"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load("spdc", nil, env(tc.env), io.Discard)
			var ce *Error
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.bad != "" && (!errors.As(err, &ce) || ce.Var != tc.bad):
				t.Fatalf("want an error naming %s, got %v", tc.bad, err)
			}
			if tc.name == "encrypted backups" && len(c.BackupRecipients) != 2 {
				t.Fatalf("recipients %d", len(c.BackupRecipients))
			}
		})
	}
}

func TestParseKeep(t *testing.T) {
	for in, want := range map[string]Keep{"7d,4w": {7, 4}, " 4W , 30D ": {30, 4}, "8w": {0, 8}, "1d": {1, 0}} {
		k, err := ParseKeep(in)
		if err != nil || k != want {
			t.Errorf("ParseKeep(%q) = %v, %v; want %v", in, k, err, want)
		}
	}
	if s := (Keep{7, 4}).String(); s != "7d,4w" {
		t.Errorf("String %q", s)
	}
}
