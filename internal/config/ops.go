package config

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"filippo.io/age"
)

// Defaults of the scheduled backups.
const (
	DefaultBackupEvery = "24h"
	DefaultBackupKeep  = "7d,4w"
)

// Ops is the configuration of running the site unattended: scheduled
// backups of the SQLite database and the metrics listener.
type Ops struct {
	// BackupDir (SPDC_BACKUP_DIR) turns on scheduled backups into it;
	// empty: none. SQLite only.
	BackupDir string
	// BackupEvery (SPDC_BACKUP_EVERY) is the time between two backups.
	BackupEvery time.Duration
	// BackupKeep (SPDC_BACKUP_KEEP) is the retention rule.
	BackupKeep Keep
	// BackupRecipients (SPDC_BACKUP_RECIPIENTS) are the age public keys
	// each backup is encrypted to, any one of which can decrypt it.
	BackupRecipients []age.Recipient
	// BackupUnencrypted (SPDC_BACKUP_UNENCRYPTED=1) allows backups in
	// clear when no recipient is given.
	BackupUnencrypted bool
	// MetricsAddr (SPDC_METRICS_ADDR) is the listener of /metrics; empty:
	// no metrics.
	MetricsAddr string
}

// Keep is a retention rule: the newest backup of each of the last Days
// days and of each of the last Weeks ISO weeks is kept, the others are
// deleted.
type Keep struct {
	Days, Weeks int
}

// String writes k as SPDC_BACKUP_KEEP does.
func (k Keep) String() string {
	var parts []string
	if k.Days > 0 {
		parts = append(parts, strconv.Itoa(k.Days)+"d")
	}
	if k.Weeks > 0 {
		parts = append(parts, strconv.Itoa(k.Weeks)+"w")
	}
	return strings.Join(parts, ",")
}

// ParseKeep reads a retention rule like "7d,4w", "14d" or "8w": a comma
// list of at most one count of days (1 to 366) and one of weeks (1 to
// 520).
func ParseKeep(s string) (Keep, error) {
	var k Keep
	seen := map[byte]bool{}
	for _, item := range strings.Split(s, ",") {
		item = strings.ToLower(strings.TrimSpace(item))
		if item == "" {
			continue
		}
		unit := item[len(item)-1]
		n, err := strconv.Atoi(item[:len(item)-1])
		if (unit != 'd' && unit != 'w') || err != nil || n < 1 {
			return Keep{}, fmt.Errorf("has %q: write a number of days and of weeks, like 7d,4w", item)
		}
		if seen[unit] {
			return Keep{}, fmt.Errorf("has %q, but a count of days (d) or weeks (w) may be given once", item)
		}
		seen[unit] = true
		if unit == 'd' {
			if n > 366 {
				return Keep{}, fmt.Errorf("keeps %d days, at most 366", n)
			}
			k.Days = n
		} else {
			if n > 520 {
				return Keep{}, fmt.Errorf("keeps %d weeks, at most 520", n)
			}
			k.Weeks = n
		}
	}
	if k.Days == 0 && k.Weeks == 0 {
		return Keep{}, fmt.Errorf("must keep some backups, like 7d,4w; got %q", s)
	}
	return k, nil
}

// ParseRecipients reads a comma (or space) list of age public keys.
func ParseRecipients(s string) ([]age.Recipient, error) {
	var out []age.Recipient
	for _, k := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		if strings.ContainsAny(k, "#\r") {
			return nil, fmt.Errorf("has %q, which is not an age public key (age1…)", k)
		}
		rs, err := age.ParseRecipients(strings.NewReader(k))
		if err != nil || len(rs) != 1 {
			return nil, fmt.Errorf("has %q, which is not an age public key (age1…)", k)
		}
		out = append(out, rs[0])
	}
	return out, nil
}

// buildOps reads the variables of Ops; validateOps checks how they fit
// with the rest.
func buildOps(v map[string]string) (Ops, error) {
	o := Ops{
		BackupDir:   strings.TrimSpace(v["SPDC_BACKUP_DIR"]),
		MetricsAddr: strings.TrimSpace(v["SPDC_METRICS_ADDR"]),
	}
	every := strings.TrimSpace(v["SPDC_BACKUP_EVERY"])
	if every == "" {
		every = DefaultBackupEvery
	}
	d, err := time.ParseDuration(every)
	if err != nil || d < time.Minute || d > 31*24*time.Hour {
		return Ops{}, &Error{"SPDC_BACKUP_EVERY", fmt.Sprintf("must be a duration from 1m to 744h, like 24h or 6h, got %q", every)}
	}
	o.BackupEvery = d
	keep := strings.TrimSpace(v["SPDC_BACKUP_KEEP"])
	if keep == "" {
		keep = DefaultBackupKeep
	}
	if o.BackupKeep, err = ParseKeep(keep); err != nil {
		return Ops{}, &Error{"SPDC_BACKUP_KEEP", err.Error()}
	}
	if o.BackupRecipients, err = ParseRecipients(v["SPDC_BACKUP_RECIPIENTS"]); err != nil {
		return Ops{}, &Error{"SPDC_BACKUP_RECIPIENTS", err.Error()}
	}
	switch u := strings.ToLower(strings.TrimSpace(v["SPDC_BACKUP_UNENCRYPTED"])); u {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		o.BackupUnencrypted = true
	default:
		return Ops{}, &Error{"SPDC_BACKUP_UNENCRYPTED", fmt.Sprintf("must be 1 or 0, got %q", u)}
	}
	return o, nil
}

// validateOps checks the scheduled backups and the metrics listener
// against the rest of c.
func (c Config) validateOps() error {
	if c.BackupDir != "" {
		if c.SQLitePath() == "" {
			return &Error{"SPDC_BACKUP_DIR", "works with SQLite only: on PostgreSQL the backups are the database's own (pg_dump or base backups); unset it"}
		}
		if len(c.BackupRecipients) == 0 && !c.BackupUnencrypted {
			return &Error{"SPDC_BACKUP_RECIPIENTS", "is required with SPDC_BACKUP_DIR: give the age public keys (age1…, made by age-keygen) the backups are encrypted to, or set SPDC_BACKUP_UNENCRYPTED=1 to keep them in clear"}
		}
	}
	if c.MetricsAddr != "" {
		host, port, err := net.SplitHostPort(c.MetricsAddr)
		if err != nil || port == "" {
			return &Error{"SPDC_METRICS_ADDR", fmt.Sprintf("must be host:port, like 127.0.0.1:9090, got %q", c.MetricsAddr)}
		}
		public := map[string]string{"SPDC_ADDR": c.Addr}
		if len(c.Domains) > 0 {
			public = map[string]string{"SPDC_HTTPS_ADDR": c.HTTPSAddr, "SPDC_HTTP_ADDR": c.HTTPAddr}
		}
		for name, addr := range public {
			if sameListener(host, port, addr) {
				return &Error{"SPDC_METRICS_ADDR", fmt.Sprintf("must not be the site's own address %s (%s): the metrics are for the monitoring system, never for the public", name, addr)}
			}
		}
	}
	return nil
}

// sameListener reports whether host:port would listen where addr does:
// the same port on the same host, or on every address of one of them.
func sameListener(host, port, addr string) bool {
	h2, p2, err := net.SplitHostPort(addr)
	if err != nil || p2 != port || port == "0" {
		return false // port 0: each listener gets a free port of its own
	}
	every := func(h string) bool { return h == "" || h == "0.0.0.0" || h == "::" }
	return host == h2 || every(host) || every(h2)
}
