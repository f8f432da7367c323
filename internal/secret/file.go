package secret

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FileName is the key file made in the data directory of a SQLite server
// started without SPDC_DATA_KEY.
const FileName = "data.key"

// LoadOrCreateFile reads the key kept in path, or, when there is no such
// file, makes a new key and writes it there readable by its owner only
// (0600). created reports that the file was made now, so the caller can
// log it. A file that exists but holds no valid key is an error, never
// replaced: replacing it would lose every value sealed with the old key.
func LoadOrCreateFile(path string) (k *Key, created bool, err error) {
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		k, err := Parse(string(b))
		if err != nil {
			return nil, false, fmt.Errorf("key file %s: %w", path, err)
		}
		// A file copied in by hand may be readable by others: narrow it.
		if err := os.Chmod(path, 0o600); err != nil {
			return nil, false, fmt.Errorf("key file %s: %w", path, err)
		}
		return k, false, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, false, fmt.Errorf("key file %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, false, fmt.Errorf("key file %s: %w", path, err)
	}
	k, text, err := Generate()
	if err != nil {
		return nil, false, err
	}
	// The key is written to a temporary file first and then linked into
	// place: a link never replaces an existing file, so two servers started
	// at once on one data directory never write two different keys (the
	// second reads the first one's), and no reader sees half a file.
	tmp, err := os.CreateTemp(filepath.Dir(path), ".data-key-*")
	if err != nil {
		return nil, false, fmt.Errorf("key file %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(text + "\n")
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, false, fmt.Errorf("key file %s: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return LoadOrCreateFile(path)
		}
		return nil, false, fmt.Errorf("key file %s: %w", path, err)
	}
	return k, true, nil
}
