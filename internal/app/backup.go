package app

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"filippo.io/age"

	"spdc/internal/backups"
	"spdc/internal/store"
)

// minBackupPassphraseLen is the shortest passphrase an encrypted backup
// accepts: the same floor as an admin password.
const minBackupPassphraseLen = 12

const backupHelp = `
The copy is a complete SQLite database, created 0600 (readable by its owner only).

Encryption with age (the file encryption format and tool; decrypt with the age tool:
"age -d -o spdc.db FILE", or "age -d -i KEYFILE -o spdc.db FILE"):
  --passphrase-file PATH   encrypt with the passphrase on the first line of PATH
                           ("-" reads it from stdin); at least 12 characters
  --recipient KEY          encrypt to an age public key (age1…); repeat the flag
                           for several keys, any one of which can decrypt
A passphrase and public keys cannot be combined in one file (age does not allow it).
`

// backup runs `spdc backup FILE`: a consistent copy of the SQLite database,
// plain or encrypted with age.
func backup(ctx context.Context, args []string, env Env) error {
	if len(args) > 0 && args[0] == "verify" {
		return backupVerify(ctx, args[1:], env)
	}
	own, rest, err := splitRepeatedFlags(args, "passphrase-file", "recipient")
	if err != nil {
		return err
	}
	var file string
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		file, rest = rest[0], rest[1:]
	}
	cfg, err := loadConfig("backup", rest, env, "FILE [--passphrase-file PATH | --recipient KEY…] ")
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(env.Stdout, backupHelp)
		}
		return err
	}
	if file == "" {
		return errors.New("backup needs a FILE argument: spdc backup FILE")
	}
	// Every flag is checked before the database is opened or a file made.
	recipients, err := backupRecipients(own, env.Stdin)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(recipients) == 0 {
		if err := st.Backup(ctx, abs); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "backup written to %s\n", abs)
		return nil
	}
	if err := encryptedBackup(ctx, st, abs, recipients); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "encrypted backup written to %s (decrypt with: age -d -o spdc.db %s)\n", abs, abs)
	return nil
}

// backupRecipients turns the encryption flags into age recipients: none
// for a plain backup, one scrypt recipient for a passphrase, or the public
// keys given.
func backupRecipients(own map[string][]string, stdin io.Reader) ([]age.Recipient, error) {
	keys := own["recipient"]
	pass, ok, err := passphraseFlag(own, "recipient", stdin, minBackupPassphraseLen)
	switch {
	case err != nil:
		return nil, err
	case ok:
		r, err := age.NewScryptRecipient(pass)
		if err != nil {
			return nil, fmt.Errorf("--passphrase-file: %w", err)
		}
		return []age.Recipient{r}, nil
	}
	var out []age.Recipient
	for _, k := range keys {
		k = strings.TrimSpace(k)
		// ParseRecipients reads a recipients file: one key a line, with
		// comments. A single flag must hold exactly one key.
		if k == "" || strings.ContainsAny(k, "\r\n#") {
			return nil, fmt.Errorf("--recipient %q is not an age public key (age1…)", k)
		}
		rs, err := age.ParseRecipients(strings.NewReader(k))
		if err != nil || len(rs) != 1 {
			return nil, fmt.Errorf("--recipient %q is not an age public key (age1…)", k)
		}
		out = append(out, rs[0])
	}
	// age refuses some mixes (post-quantum keys with classic ones); find
	// out now, before any file is written.
	if len(out) > 0 {
		if _, err := age.Encrypt(io.Discard, out...); err != nil {
			return nil, fmt.Errorf("--recipient: %w", err)
		}
	}
	return out, nil
}

// passphraseFlag reads the passphrase of --passphrase-file, at least
// minLen characters, when the flag is given (ok), refusing it given twice
// or together with the flag keys (age takes a passphrase or keys).
func passphraseFlag(own map[string][]string, keys string, stdin io.Reader, minLen int) (pass string, ok bool, err error) {
	files := own["passphrase-file"]
	switch {
	case len(files) == 0:
		return "", false, nil
	case len(files) > 1:
		return "", false, errors.New("--passphrase-file may be given once")
	case len(own[keys]) > 0:
		return "", false, fmt.Errorf("--passphrase-file and --%s cannot be combined: age encrypts a file either to a passphrase or to keys", keys)
	}
	pass, err = readPassphrase(files[0], stdin, minLen)
	return pass, err == nil, err
}

// readPassphrase reads the first line of path ("-" is stdin) as the
// passphrase, of at least minLen characters; a trailing CR or LF is
// dropped, other spaces are kept.
func readPassphrase(path string, stdin io.Reader, minLen int) (string, error) {
	var r io.Reader
	where := "stdin"
	if path == "-" {
		if stdin == nil {
			return "", errors.New("--passphrase-file - reads the passphrase from stdin, which is missing")
		}
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return "", fmt.Errorf("--passphrase-file: %w", err)
		}
		defer f.Close()
		r, where = f, path
	}
	line, err := bufio.NewReader(io.LimitReader(r, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("--passphrase-file: read %s: %w", where, err)
	}
	pass := strings.TrimRight(line, "\r\n")
	switch {
	case strings.TrimSpace(pass) == "":
		return "", fmt.Errorf("--passphrase-file: no passphrase on the first line of %s", where)
	case utf8.RuneCountInString(pass) < minLen:
		return "", fmt.Errorf("--passphrase-file: the passphrase must be at least %d characters", minLen)
	}
	return pass, nil
}

// encryptedBackup writes an age-encrypted copy of the database to abs
// (created 0600, never over an existing file). The plain copy that is
// encrypted lives in a private (0700) directory beside abs, so it stays on
// the same disk, and is removed whatever happens.
func encryptedBackup(ctx context.Context, st *store.Store, abs string, recipients []age.Recipient) (err error) {
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	out, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("backup: %s already exists", abs)
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer func() {
		if err != nil {
			out.Close()
			os.Remove(abs)
		}
	}()
	if err := out.Chmod(0o600); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(abs), ".spdc-backup-")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer os.RemoveAll(tmp)
	plain := filepath.Join(tmp, "spdc.db")
	if err := st.Backup(ctx, plain); err != nil {
		return err
	}
	if err := backups.Encrypt(out, plain, recipients); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := out.Sync(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
