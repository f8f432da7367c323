package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"filippo.io/age"

	"spdc/internal/backups"
	"spdc/internal/config"
	"spdc/internal/store"
)

const decryptHelp = `
Decryption of a backup encrypted with age (a plain SQLite copy needs neither flag):
  --identity KEYFILE       an age identity file (from age-keygen); repeat the flag
                           for several files
  --passphrase-file PATH   the passphrase on the first line of PATH ("-" reads stdin)
`

// openBackup decrypts (or copies) the backup file into a new private
// directory beside dst's parent and checks it; the caller removes tmp.
func openBackup(ctx context.Context, file, tmpParent string, own map[string][]string, stdin io.Reader) (plain, tmp string, rep *store.BackupReport, encrypted bool, err error) {
	ids, err := backupIdentities(own, stdin)
	if err != nil {
		return "", "", nil, false, err
	}
	if err := os.MkdirAll(tmpParent, 0o750); err != nil {
		return "", "", nil, false, err
	}
	tmp, err = os.MkdirTemp(tmpParent, ".spdc-restore-")
	if err != nil {
		return "", "", nil, false, err
	}
	plain = filepath.Join(tmp, "spdc.db")
	if encrypted, err = backups.Decrypt(file, plain, ids); err != nil {
		os.RemoveAll(tmp)
		return "", "", nil, encrypted, err
	}
	if rep, err = store.VerifyBackup(ctx, plain); err != nil {
		os.RemoveAll(tmp)
		return "", "", nil, encrypted, fmt.Errorf("%s: %w", file, err)
	}
	return plain, tmp, rep, encrypted, nil
}

// decryptArgs parses the command line of a command that reads a backup:
// FILE, the decryption flags and the configuration; help is printed
// before the decryption flags' help on --help.
func decryptArgs(name string, args []string, env Env, help string) (own map[string][]string, file string, cfg config.Config, err error) {
	own, rest, err := splitRepeatedFlags(args, "passphrase-file", "identity")
	if err != nil {
		return nil, "", cfg, err
	}
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		file, rest = rest[0], rest[1:]
	}
	if cfg, err = loadConfig(name, rest, env, "FILE [--identity KEYFILE… | --passphrase-file PATH] "); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(env.Stdout, help+decryptHelp)
		}
		return nil, "", cfg, err
	}
	if file == "" {
		return nil, "", cfg, fmt.Errorf("%s needs a FILE argument: spdc %s FILE", name, name)
	}
	return own, file, cfg, nil
}

// backupIdentities reads the decryption flags: age identity files, or a
// passphrase (of any length: the file may come from the age tool).
func backupIdentities(own map[string][]string, stdin io.Reader) ([]age.Identity, error) {
	keys := own["identity"]
	pass, ok, err := passphraseFlag(own, "identity", stdin, 1)
	switch {
	case err != nil:
		return nil, err
	case ok:
		id, err := age.NewScryptIdentity(pass)
		if err != nil {
			return nil, fmt.Errorf("--passphrase-file: %w", err)
		}
		return []age.Identity{id}, nil
	}
	var out []age.Identity
	for _, k := range keys {
		f, err := os.Open(k)
		if err != nil {
			return nil, fmt.Errorf("--identity: %w", err)
		}
		ids, err := age.ParseIdentities(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("--identity %s is not an age identity file (made by age-keygen): %w", k, err)
		}
		out = append(out, ids...)
	}
	return out, nil
}

// printReport writes what a backup holds: its schema version and the rows
// of each table.
func printReport(w io.Writer, rep *store.BackupReport) {
	fmt.Fprintf(w, "schema version %d, %d tables:\n", rep.SchemaVersion, len(rep.Tables))
	for _, t := range rep.Tables {
		fmt.Fprintf(w, "  %-28s %d\n", t.Table, t.Rows)
	}
}

// backupVerify runs `spdc backup verify FILE`: decrypts the backup into a
// private temporary directory, checks it and prints what it holds.
func backupVerify(ctx context.Context, args []string, env Env) error {
	own, file, _, err := decryptArgs("backup verify", args, env, "")
	if err != nil {
		return err
	}
	// The plain copy is written beside the backup, on its disk, in a
	// private directory removed at the end.
	_, tmp, rep, encrypted, err := openBackup(ctx, file, filepath.Dir(file), own, env.Stdin)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	how := "plain SQLite copy"
	if encrypted {
		how = "decrypted"
	}
	fmt.Fprintf(env.Stdout, "%s: OK (%s, integrity check passed)\n", file, how)
	printReport(env.Stdout, rep)
	return nil
}

// restore runs `spdc restore FILE`: puts the database of a backup in place
// in a data directory that has none yet, then opens it (which applies the
// migrations newer than the backup) and prints what it restored.
func restore(ctx context.Context, args []string, env Env) error {
	own, file, cfg, err := decryptArgs("restore", args, env, "\nRestores into an empty data directory: it refuses when the database exists.\n")
	if err != nil {
		return err
	}
	dbPath := cfg.SQLitePath()
	if dbPath == "" {
		return errors.New("restore works with SQLite only: restore a PostgreSQL database with its own tools (pg_restore)")
	}
	for _, p := range []string{dbPath, dbPath + "-wal", store.SearchFile(dbPath)} {
		if _, err := os.Stat(p); err == nil {
			return fmt.Errorf("restore: %s already exists: restore into an empty data directory (set SPDC_DATA_DIR to a new one, or move the old database away first)", p)
		}
	}
	plain, tmp, rep, _, err := openBackup(ctx, file, filepath.Dir(dbPath), own, env.Stdin)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// A link never replaces a database that appeared meanwhile.
	if err := os.Link(plain, dbPath); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	fmt.Fprintf(env.Stdout, "restored %s into %s\n", file, dbPath)
	printReport(env.Stdout, rep)
	fmt.Fprintln(env.Stdout, "The search indexes are rebuilt by the server from the restored rows. "+
		"The values encrypted at rest (PAN, Aadhaar) need the same data key as before: "+
		"SPDC_DATA_KEY, or the key file copied into the data directory.")
	return nil
}
