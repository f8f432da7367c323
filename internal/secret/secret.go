// Package secret seals the few values the site keeps encrypted at rest (a
// donor's PAN or Aadhaar number, and the receipts mailed with them) with
// AES-256-GCM from the standard library.
//
// The key is 32 random bytes. An operator gives it in SPDC_DATA_KEY as
// standard base64 (44 characters, for example the output of
// `openssl rand -base64 32`), the same on every instance. On SQLite a
// server started without it makes one in a key file beside the database
// (mode 0600) and logs that it did; on PostgreSQL, where several instances
// share one database, the server refuses to start without it, because a
// key made by one instance would be unknown to the others. Losing the key
// loses the sealed values: it is backed up with the database, never beside
// it in the same place.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the length of a key in bytes (AES-256).
const KeySize = 32

// sealedPrefix starts every sealed value: a version, so that a later
// scheme can be told apart from this one.
const sealedPrefix = "v1:"

// ErrKeyFormat is a key that is not 32 bytes written in base64.
var ErrKeyFormat = errors.New("must be 32 random bytes written in base64 (44 characters), for example the output of: openssl rand -base64 32")

// ErrOpen is a sealed value that this key cannot open: it was sealed with
// another key, or it was changed.
var ErrOpen = errors.New("secret: the value cannot be opened with this key (another key, or damaged data)")

// Key seals and opens values. It is safe for concurrent use.
type Key struct {
	aead cipher.AEAD
}

// New returns a Key from 32 raw bytes.
func New(raw []byte) (*Key, error) {
	if len(raw) != KeySize {
		return nil, ErrKeyFormat
	}
	block, err := aes.NewCipher(raw)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Key{aead: aead}, nil
}

// Parse reads a key written in standard base64 (spaces around it are
// ignored; the unpadded and URL-safe spellings are accepted too).
func Parse(s string) (*Key, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if raw, err := enc.DecodeString(s); err == nil && len(raw) == KeySize {
			return New(raw)
		}
	}
	return nil, ErrKeyFormat
}

// Generate returns a new random key and its base64 text.
func Generate() (*Key, string, error) {
	raw := make([]byte, KeySize)
	if _, err := rand.Read(raw); err != nil {
		return nil, "", fmt.Errorf("secret: generate key: %w", err)
	}
	k, err := New(raw)
	if err != nil {
		return nil, "", err
	}
	return k, base64.StdEncoding.EncodeToString(raw), nil
}

// Seal encrypts plain with a fresh random nonce and returns text fit for a
// TEXT column: "v1:" and the base64 of nonce and ciphertext. Sealing the
// same value twice gives two different texts, so equal numbers cannot be
// spotted in the database. The empty value seals to "".
func (k *Key) Seal(plain []byte) (string, error) {
	if len(plain) == 0 {
		return "", nil
	}
	nonce := make([]byte, k.aead.NonceSize(), k.aead.NonceSize()+len(plain)+k.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("secret: nonce: %w", err)
	}
	out := k.aead.Seal(nonce, nonce, plain, nil)
	return sealedPrefix + base64.StdEncoding.EncodeToString(out), nil
}

// SealString is Seal for text.
func (k *Key) SealString(s string) (string, error) { return k.Seal([]byte(s)) }

// Open decrypts a text made by Seal; "" opens to nothing.
func (k *Key) Open(sealed string) ([]byte, error) {
	if sealed == "" {
		return nil, nil
	}
	body, ok := strings.CutPrefix(sealed, sealedPrefix)
	if !ok {
		return nil, ErrOpen
	}
	raw, err := base64.StdEncoding.DecodeString(body)
	if err != nil || len(raw) < k.aead.NonceSize()+k.aead.Overhead() {
		return nil, ErrOpen
	}
	n := k.aead.NonceSize()
	plain, err := k.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}

// OpenString is Open for text.
func (k *Key) OpenString(sealed string) (string, error) {
	b, err := k.Open(sealed)
	return string(b), err
}
