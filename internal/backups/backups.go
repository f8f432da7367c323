// Package backups makes the scheduled backups of a SQLite database: a
// consistent online copy, checked (opened, integrity-checked, counted)
// before it is encrypted with age to the configured recipients, kept by a
// retention rule of daily and weekly copies. It also opens a backup again
// (decrypting it) for `spdc restore` and `spdc backup verify`.
package backups

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"filippo.io/age"
	"filippo.io/age/armor"

	"spdc/internal/config"
	"spdc/internal/periodic"
	"spdc/internal/store"
)

// File names: spdc-20260301T020000Z.db, with .age when encrypted. The
// time is the backup's, in UTC, so names sort by time.
const (
	namePrefix = "spdc-"
	nameStamp  = "20060102T150405Z"
	plainExt   = ".db"
	ageExt     = ".db.age"
	lockName   = ".spdc-backup.lock"
)

// DefaultTick is how often Run looks whether a backup is due.
const DefaultTick = time.Minute

// Scheduler makes a backup every Every into Dir and deletes the copies
// the retention rule no longer keeps. With several servers on one SQLite
// file (one machine), a lock file in Dir lets one back up at a time, and
// each finds the other's fresh copy and waits its turn.
type Scheduler struct {
	Store *store.Store
	Dir   string
	Every time.Duration
	Keep  config.Keep
	// Recipients the copies are encrypted to; none: copies in clear.
	Recipients []age.Recipient
	Log        *slog.Logger
	// Now is the clock (tests move it fast); default time.Now.
	Now func() time.Time
	// Zone is where the retention rule's days and weeks begin; default UTC.
	Zone *time.Location
	// Tick is how often Run looks whether a backup is due; default DefaultTick.
	Tick time.Duration
	// OnResult, when set, hears the outcome of every backup made or tried
	// (metrics, alerts).
	OnResult func(Result)

	mu       sync.Mutex
	failedAt time.Time // the last failure, to try again no sooner than retryAfter
}

// Result is the outcome of one backup.
type Result struct {
	At     time.Time
	File   string              // the copy written (empty on failure)
	Report *store.BackupReport // what the check of the copy counted
	// Removed are the older copies the retention rule deleted.
	Removed []string
	Err     error
}

// retryAfter is how long after a failure the next attempt waits: an hour,
// or the interval when shorter.
func (s *Scheduler) retryAfter() time.Duration { return min(s.Every, time.Hour) }

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Scheduler) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.New(slog.DiscardHandler)
}

// Run makes the backups that fall due until ctx ends: one at start when
// the newest copy in Dir is older than Every (or there is none), then one
// each time Every has passed since the newest.
func (s *Scheduler) Run(ctx context.Context) {
	tick := s.Tick
	if tick <= 0 {
		tick = DefaultTick
	}
	periodic.Run(ctx, tick, s.round)
}

// round makes a backup if one is due and this server holds the lock.
func (s *Scheduler) round(ctx context.Context) {
	now := s.now()
	s.mu.Lock()
	waiting := !s.failedAt.IsZero() && now.Sub(s.failedAt) < s.retryAfter()
	s.mu.Unlock()
	if waiting {
		return
	}
	res, made := s.backup(ctx, false)
	if !made {
		return
	}
	s.mu.Lock()
	if res.Err != nil {
		s.failedAt = now
	} else {
		s.failedAt = time.Time{}
	}
	s.mu.Unlock()
}

// Once makes a backup now, whatever the schedule (it still waits for
// another server's backup in progress), and returns its outcome.
func (s *Scheduler) Once(ctx context.Context) Result {
	res, _ := s.backup(ctx, true)
	return res
}

// backup takes the lock and, when force or a backup is due, makes one;
// made reports whether it tried.
func (s *Scheduler) backup(ctx context.Context, force bool) (res Result, made bool) {
	now := s.now()
	res.At = now
	report := func(r Result) Result {
		if r.Err != nil {
			s.log().Error("scheduled backup failed", "dir", s.Dir, "err", r.Err)
		} else {
			s.log().Info("scheduled backup written and checked", "file", r.File, "schema_version", r.Report.SchemaVersion,
				"users", r.Report.Rows("users"), "donations", r.Report.Rows("donations"), "removed", len(r.Removed))
		}
		if s.OnResult != nil {
			s.OnResult(r)
		}
		return r
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		res.Err = fmt.Errorf("backup directory %s: %w", s.Dir, err)
		return report(res), true
	}
	unlock, err := lockDir(s.Dir, force)
	if errors.Is(err, errLocked) {
		return res, false // another server is backing up
	}
	if err != nil {
		res.Err = err
		return report(res), true
	}
	defer unlock()
	if !force {
		newest, err := s.newest()
		if err != nil {
			res.Err = err
			return report(res), true
		}
		if !newest.IsZero() && now.Sub(newest) < s.Every {
			return res, false
		}
	}
	res.File, res.Report, res.Err = s.write(ctx, now)
	if res.Err == nil {
		res.Removed, res.Err = s.prune(now)
	}
	return report(res), true
}

// write makes the copy: a plain copy in a private (0700) directory inside
// Dir, checked, then encrypted to its final name (or, in clear, moved
// there); the plain copy is overwritten and removed whatever happens.
func (s *Scheduler) write(ctx context.Context, now time.Time) (string, *store.BackupReport, error) {
	tmp, err := os.MkdirTemp(s.Dir, ".spdc-backup-")
	if err != nil {
		return "", nil, fmt.Errorf("backup directory %s: %w", s.Dir, err)
	}
	defer os.RemoveAll(tmp)
	plain := filepath.Join(tmp, "spdc.db")
	defer shred(plain)
	if err := s.Store.Backup(ctx, plain); err != nil {
		return "", nil, err
	}
	rep, err := store.VerifyBackup(ctx, plain)
	if err != nil {
		return "", nil, err
	}
	name := namePrefix + now.UTC().Format(nameStamp)
	if len(s.Recipients) == 0 {
		final := filepath.Join(s.Dir, name+plainExt)
		if err := os.Link(plain, final); err != nil {
			return "", nil, fmt.Errorf("backup: %w", err)
		}
		// The copy is kept in clear: its temporary name goes, not its content.
		if err := os.Remove(plain); err != nil {
			return "", nil, fmt.Errorf("backup: %w", err)
		}
		return final, rep, syncDir(s.Dir)
	}
	final := filepath.Join(s.Dir, name+ageExt)
	partial := filepath.Join(tmp, name+ageExt)
	out, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	err = Encrypt(out, plain, s.Recipients)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	// A link, unlike a rename, never replaces a file of the same name.
	if err := os.Link(partial, final); err != nil {
		return "", nil, fmt.Errorf("backup: %w", err)
	}
	return final, rep, syncDir(s.Dir)
}

// Encrypt writes the file at plainPath to out, encrypted with age to
// recipients.
func Encrypt(out io.Writer, plainPath string, recipients []age.Recipient) error {
	in, err := os.Open(plainPath)
	if err != nil {
		return err
	}
	defer in.Close()
	w, err := age.Encrypt(out, recipients...)
	if err != nil {
		return fmt.Errorf("encrypt: %w", err)
	}
	if _, err := io.Copy(w, in); err != nil {
		return fmt.Errorf("encrypt: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("encrypt: %w", err)
	}
	return nil
}

// shred overwrites the file at path with zeros before removing it, so
// the plain copy's content does not stay in the file's blocks for the
// next file to be given.
func shred(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err == nil {
		if info, err := f.Stat(); err == nil {
			zero := make([]byte, 1<<20)
			for left := info.Size(); left > 0; left -= int64(len(zero)) {
				if _, err := f.Write(zero[:min(left, int64(len(zero)))]); err != nil {
					break
				}
			}
			_ = f.Sync()
		}
		f.Close()
	}
	os.Remove(path)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("backup: sync %s: %w", dir, err)
	}
	return nil
}

var errLocked = errors.New("backup: another server holds the lock")

// lockDir takes the lock file of dir, waiting for it when wait is set,
// else returning errLocked when another process holds it.
func lockDir(dir string, wait bool) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("backup directory %s: %w", dir, err)
	}
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("backup directory %s: lock: %w", dir, err)
	}
	return func() { f.Close() }, nil
}

// Copy is one backup file in the directory.
type Copy struct {
	Name string
	At   time.Time
}

// List returns the backups in dir, newest first: the files named as the
// scheduler names them (other files are never touched).
func List(dir string) ([]Copy, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("backup directory %s: %w", dir, err)
	}
	var out []Copy
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, namePrefix) {
			continue
		}
		stamp, ok := strings.CutSuffix(strings.TrimPrefix(name, namePrefix), ageExt)
		if !ok {
			if stamp, ok = strings.CutSuffix(strings.TrimPrefix(name, namePrefix), plainExt); !ok {
				continue
			}
		}
		t, err := time.Parse(nameStamp, stamp)
		if err != nil {
			continue
		}
		out = append(out, Copy{Name: name, At: t})
	}
	slices.SortFunc(out, func(a, b Copy) int { return b.At.Compare(a.At) })
	return out, nil
}

// newest is the time of the newest backup in Dir (zero: none).
func (s *Scheduler) newest() (time.Time, error) {
	list, err := List(s.Dir)
	if err != nil || len(list) == 0 {
		return time.Time{}, err
	}
	return list[0].At, nil
}

// prune deletes the copies the retention rule does not keep.
func (s *Scheduler) prune(now time.Time) ([]string, error) {
	list, err := List(s.Dir)
	if err != nil {
		return nil, err
	}
	zone := s.Zone
	if zone == nil {
		zone = time.UTC
	}
	keep := Retain(list, now, s.Keep, zone)
	var removed []string
	for _, c := range list {
		if keep[c.Name] {
			continue
		}
		if err := os.Remove(filepath.Join(s.Dir, c.Name)); err != nil {
			return removed, fmt.Errorf("backup: remove an old copy: %w", err)
		}
		removed = append(removed, c.Name)
	}
	return removed, nil
}

// Retain applies the retention rule to copies (newest first) at now: it
// keeps the newest copy of each of the last k.Days days (today included)
// and of each of the last k.Weeks ISO weeks (this week included), days and
// weeks beginning in zone, and always the newest copy of all.
func Retain(copies []Copy, now time.Time, k config.Keep, zone *time.Location) map[string]bool {
	keep := map[string]bool{}
	if len(copies) > 0 {
		keep[copies[0].Name] = true
	}
	today := dayStart(now, zone)
	thisWeek := weekStart(now, zone)
	days, weeks := map[time.Time]bool{}, map[time.Time]bool{}
	for _, c := range copies {
		d := dayStart(c.At, zone)
		if n := daysBetween(d, today); n < k.Days && !days[d] {
			days[d] = true
			keep[c.Name] = true
		}
		w := weekStart(c.At, zone)
		if n := daysBetween(w, thisWeek) / 7; n < k.Weeks && !weeks[w] {
			weeks[w] = true
			keep[c.Name] = true
		}
	}
	return keep
}

func dayStart(t time.Time, zone *time.Location) time.Time {
	y, m, d := t.In(zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// weekStart is the Monday of t's ISO week.
func weekStart(t time.Time, zone *time.Location) time.Time {
	d := dayStart(t, zone)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// daysBetween counts whole days from a to b (both day starts in UTC).
func daysBetween(a, b time.Time) int { return int(b.Sub(a).Hours() / 24) }

// ageHeader begins every binary age file; armored files begin with the
// PEM-style line.
var ageHeader = []byte("age-encryption.org/")

// Decrypt writes the database in the backup file src to dst (created
// 0600, never over an existing file): decrypted with identities when src
// is an age file, copied as it is when src is a plain SQLite file.
// encrypted reports which it was.
func Decrypt(src, dst string, identities []age.Identity) (encrypted bool, err error) {
	in, err := os.Open(src)
	if err != nil {
		return false, err
	}
	defer in.Close()
	br := bufio.NewReader(in)
	head, _ := br.Peek(len(armor.Header))
	var r io.Reader = br
	switch {
	case bytes.HasPrefix(head, ageHeader):
		encrypted = true
	case bytes.HasPrefix(head, []byte(armor.Header)):
		encrypted = true
		r = armor.NewReader(br)
	case bytes.HasPrefix(head, []byte("SQLite format 3\x00")):
	default:
		return false, fmt.Errorf("%s is neither an age-encrypted backup nor a SQLite database", src)
	}
	if encrypted {
		if len(identities) == 0 {
			return true, fmt.Errorf("%s is encrypted: give the key with --identity KEYFILE or the passphrase with --passphrase-file PATH", src)
		}
		if r, err = age.Decrypt(r, identities...); err != nil {
			return true, fmt.Errorf("%s cannot be decrypted with the key or passphrase given: %w", src, err)
		}
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return encrypted, err
	}
	_, err = io.Copy(out, r)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
		return encrypted, fmt.Errorf("%s: %w", src, err)
	}
	return encrypted, nil
}
