package seal

import (
	"errors"
	"strconv"
)

// Sentinel errors. Callers branch on them with errors.Is; every error this
// package returns wraps exactly one of them.
var (
	// ErrOpen reports a sealed entry that does not open: it is not a sealed
	// entry, it was sealed with other aad or another key, or any of its bytes
	// were changed, cut, reordered or appended to. Nothing of the plaintext is
	// returned with it.
	ErrOpen = errors.New("seal: cannot open sealed entry")
	// ErrUnknownKey reports a sealed entry whose header names a key ID that
	// the keyring does not hold: sealed under a retired key, or by another
	// deployment. A cache treats it as a miss.
	ErrUnknownKey = errors.New("seal: unknown key ID")
	// ErrKey reports a key or keyring that cannot be used: a malformed
	// printable key, an all-zero secret, or two keys with one ID.
	ErrKey = errors.New("seal: invalid key")
)

// Error says what went wrong and where. Offset is the byte offset in the
// sealed entry or stream (-1 when unknown). It is built only on the error path.
type Error struct {
	Err    error // one of the sentinels
	Msg    string
	Offset int
}

// Error formats the message as "seal: <kind>: <detail> at byte N".
func (e *Error) Error() string {
	b := make([]byte, 0, 80)
	b = append(b, e.Err.Error()...)
	if e.Msg != "" {
		b = append(b, ": "...)
		b = append(b, e.Msg...)
	}
	if e.Offset >= 0 {
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	}
	return string(b)
}

// Unwrap returns the sentinel, so errors.Is(err, ErrOpen) works.
func (e *Error) Unwrap() error { return e.Err }

// openErr builds an ErrOpen at a byte offset.
func openErr(off int, msg string) *Error {
	return &Error{Err: ErrOpen, Msg: msg, Offset: off}
}

// keyErr builds an ErrKey with no offset.
func keyErr(msg string) *Error {
	return &Error{Err: ErrKey, Msg: msg, Offset: -1}
}
