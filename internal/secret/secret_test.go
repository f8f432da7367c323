package secret

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestSealOpen(t *testing.T) {
	k, text, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	if len(text) != 44 {
		t.Fatalf("key text %q has %d characters, want 44", text, len(text))
	}
	a, err := k.SealString("ABCPE1234F")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := k.SealString("ABCPE1234F")
	if a == b {
		t.Error("sealing the same value twice gave the same text")
	}
	if strings.Contains(a, "ABCPE1234F") || !strings.HasPrefix(a, "v1:") {
		t.Errorf("sealed text %q", a)
	}
	got, err := k.OpenString(a)
	if err != nil || got != "ABCPE1234F" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	if s, err := k.SealString(""); s != "" || err != nil {
		t.Errorf("empty seals to %q, %v", s, err)
	}
	if s, err := k.OpenString(""); s != "" || err != nil {
		t.Errorf("empty opens to %q, %v", s, err)
	}
	big := bytes.Repeat([]byte{0, 1, 2, 250}, 100_000)
	sb, err := k.Seal(big)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := k.Open(sb); err != nil || !bytes.Equal(back, big) {
		t.Fatalf("large value did not come back: %v", err)
	}
}

func TestOpenRefusesOtherKeyAndDamage(t *testing.T) {
	k1, _, _ := Generate()
	k2, _, _ := Generate()
	s, _ := k1.SealString("234567890124")
	if _, err := k2.OpenString(s); !errors.Is(err, ErrOpen) {
		t.Errorf("another key: %v", err)
	}
	raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, "v1:"))
	raw[len(raw)-1] ^= 1
	if _, err := k1.OpenString("v1:" + base64.StdEncoding.EncodeToString(raw)); !errors.Is(err, ErrOpen) {
		t.Errorf("changed byte: %v", err)
	}
	for _, bad := range []string{"234567890124", "v1:", "v1:!!!", "v2:" + strings.TrimPrefix(s, "v1:")} {
		if _, err := k1.OpenString(bad); !errors.Is(err, ErrOpen) {
			t.Errorf("Open(%q) = %v", bad, err)
		}
	}
}

func TestParse(t *testing.T) {
	raw := bytes.Repeat([]byte{7}, 32)
	for _, s := range []string{
		base64.StdEncoding.EncodeToString(raw),
		"  " + base64.StdEncoding.EncodeToString(raw) + "\n",
		base64.RawStdEncoding.EncodeToString(raw),
		base64.URLEncoding.EncodeToString(raw),
	} {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "short", base64.StdEncoding.EncodeToString(raw[:16]), base64.StdEncoding.EncodeToString(append(raw, 1)), strings.Repeat("x", 44)} {
		if _, err := Parse(s); !errors.Is(err, ErrKeyFormat) {
			t.Errorf("Parse(%q) = %v, want ErrKeyFormat", s, err)
		}
	}
}

func TestLoadOrCreateFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", FileName)
	k1, created, err := LoadOrCreateFile(path)
	if err != nil || !created {
		t.Fatalf("first start: created=%v err=%v", created, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}
	sealed, _ := k1.SealString("ABCPE1234F")
	k2, created, err := LoadOrCreateFile(path)
	if err != nil || created {
		t.Fatalf("second start: created=%v err=%v", created, err)
	}
	if got, err := k2.OpenString(sealed); err != nil || got != "ABCPE1234F" {
		t.Fatalf("the key read back does not open what the first sealed: %q %v", got, err)
	}
	// A damaged file is an error and is left as it is.
	if err := os.WriteFile(path, []byte("not a key"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadOrCreateFile(path); err == nil || !strings.Contains(err.Error(), "base64") {
		t.Errorf("damaged file: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "not a key" {
		t.Error("a damaged key file was replaced")
	}
}

func TestLoadOrCreateFileConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	keys := make([]*Key, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, _, err := LoadOrCreateFile(path)
			if err != nil {
				t.Error(err)
			}
			keys[i] = k
		}()
	}
	wg.Wait()
	sealed, _ := keys[0].SealString("x")
	for i, k := range keys {
		if k == nil {
			continue
		}
		if _, err := k.OpenString(sealed); err != nil {
			t.Errorf("start %d got another key", i)
		}
	}
}
