package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/argon2"
)

// Params are the argon2id cost parameters of a hash.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // iterations
	Threads uint8
	SaltLen uint32
	KeyLen  uint32
}

// OWASP is the production parameter set recommended by the OWASP Password
// Storage Cheat Sheet for argon2id: 19 MiB, 2 iterations, 1 lane.
var OWASP = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// Cheap is a low-cost parameter set for tests only (argon2 under -race is
// slow). It is never chosen outside a test binary.
var Cheap = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// hashSlots bounds how many argon2 computations run at once: each takes
// Params.Memory (19 MiB) and one core, so a burst of 32 logins would take
// 600 MiB and share the cores until every one is slow. Queued logins wait
// their turn instead, keeping memory flat and each hash at full speed.
var hashSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// idKey is argon2.IDKey inside a slot.
func idKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey(password, salt, time, memory, threads, keyLen)
}

// ErrMismatch is returned by Verify when the password is wrong.
var ErrMismatch = errors.New("auth: password does not match")

// Hasher hashes and verifies passwords with one parameter set. Verify uses
// the parameters stored in the hash, so raising the cost later keeps old
// hashes valid.
type Hasher struct {
	params    Params
	dummyOnce sync.Once
	dummy     string
}

// NewHasher returns a Hasher that hashes new passwords with p.
func NewHasher(p Params) *Hasher { return &Hasher{params: p} }

var defaultHasher struct {
	once sync.Once
	h    *Hasher
}

// Default is the process-wide Hasher: OWASP parameters in the program, and
// the Cheap set inside `go test` binaries (testing.Testing), so suites that
// register and sign in many users stay fast while production never sees the
// cheap set.
func Default() *Hasher {
	defaultHasher.once.Do(func() {
		p := OWASP
		if testing.Testing() {
			p = Cheap
		}
		defaultHasher.h = NewHasher(p)
	})
	return defaultHasher.h
}

// Params reports the parameters new hashes are made with.
func (h *Hasher) Params() Params { return h.params }

// Hash returns the PHC-style encoding of an argon2id hash of password:
// $argon2id$v=19$m=…,t=…,p=…$salt$key (unpadded base64).
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, h.params.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: salt: %w", err)
	}
	key := idKey([]byte(password), salt, h.params.Time, h.params.Memory, h.params.Threads, h.params.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.params.Memory, h.params.Time, h.params.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify checks password against an encoded hash in constant time. It
// returns nil on a match, ErrMismatch on a wrong password, and another
// error for a hash it cannot read.
func (h *Hasher) Verify(encoded, password string) error {
	p, salt, key, err := decode(encoded)
	if err != nil {
		return err
	}
	got := idKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return ErrMismatch
	}
	return nil
}

// VerifyDummy spends the same time as Verify on a real hash and always
// fails: the login path for an unknown account, so response time does not
// tell whether an account exists.
func (h *Hasher) VerifyDummy(password string) error {
	h.dummyOnce.Do(func() {
		var err error
		if h.dummy, err = h.Hash("dummy password for unknown accounts"); err != nil {
			panic(err)
		}
	})
	_ = h.Verify(h.dummy, password)
	return ErrMismatch
}

func decode(encoded string) (Params, []byte, []byte, error) {
	bad := errors.New("auth: unreadable password hash")
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return Params{}, nil, nil, bad
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Params{}, nil, nil, bad
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 {
		return Params{}, nil, nil, bad
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return Params{}, nil, nil, bad
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 {
		return Params{}, nil, nil, bad
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}
