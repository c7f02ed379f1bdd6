package cache

import (
	"crypto/sha256"
	"database/sql/driver"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"reflect"
	"sync"
	"time"
)

// Key names a query's result.
type Key struct {
	// Tenant is the connection, organization or database: two tenants never
	// share an entry, even for byte-identical SQL.
	Tenant string
	// Scope is the row-level-security group or role the query runs as.
	Scope string
	// Query is the SQL text (or any name of the query).
	Query string
	// Args are the query's arguments, hashed by type and value: 1 and "1"
	// differ, and so do []byte("a") and "a". Supported: nil, bool, every
	// int, uint and float type, string, []byte, time.Time, and
	// driver.Valuer (by its Go type name and the value it returns).
	Args []any
}

// Argument tags of the key encoding: each argument is its tag, then its
// bytes; strings and []byte are length-prefixed.
const (
	tagNil byte = iota + 1
	tagFalse
	tagTrue
	tagInt
	tagInt8
	tagInt16
	tagInt32
	tagInt64
	tagUint
	tagUint8
	tagUint16
	tagUint32
	tagUint64
	tagFloat32
	tagFloat64
	tagString
	tagBytes
	tagTime
	tagValuer
)

// StoreKey returns the store key of k: the namespace, the tenant (every
// byte outside [A-Za-z0-9._-] escaped as %XX, so that neither a colon nor
// a Redis Cluster hash tag can be smuggled in), and the SHA-256, in hex, of
// an unambiguous encoding of the namespace, tenant, scope, query and
// arguments: "<namespace>:<tenant>:<64 hex digits>". It returns "" for a
// key whose arguments it cannot encode (Get reports ErrKey for those).
// It costs one SHA-256 pass over the query and arguments and one string;
// a key whose encoding passes keyRoom bytes (a long query) costs one more
// allocation, for the encoding. (Get and ServeJSON remember the store keys
// of the keys asked for lately, up to 256 KiB of them, and find a key's
// again by its encoding, without hashing or allocating.)
func (c *Cache) StoreKey(k Key) string {
	s, err := storeKey(c.opts.Namespace, k)
	if err != nil {
		return ""
	}
	return s
}

// keyRoom is the stack room for a key's encoding and for its store key.
const keyRoom = 512

// storeKey is StoreKey with the reason it fails.
func storeKey(namespace string, k Key) (string, error) {
	var room [keyRoom]byte
	e, err := encodeKey(room[:0], namespace, k)
	if err != nil {
		return "", err
	}
	return hashKey(room[:0], e, namespace, k.Tenant), nil // room is free again once e is hashed
}

// storeKey is storeKey remembered in c.keys: a key asked for again costs
// its encoding and a map lookup, not a SHA-256 and a string.
func (c *Cache) storeKey(k Key) (string, error) {
	var room [keyRoom]byte
	e, err := encodeKey(room[:0], c.opts.Namespace, k)
	if err != nil {
		return "", err
	}
	if skey, ok := c.keys.get(e); ok {
		return skey, nil
	}
	var out [keyRoom]byte
	skey := hashKey(out[:0], e, c.opts.Namespace, k.Tenant)
	if len(e) <= keyRoom {
		c.keys.put(e, skey)
	}
	return skey, nil
}

// encodeKey appends the unambiguous encoding of namespace and k to dst,
// or to a buffer of its own when dst has not the room.
func encodeKey(dst []byte, namespace string, k Key) ([]byte, error) {
	e := dst
	if n := encodedSize(namespace, k); n > cap(dst)-len(dst) {
		e = make([]byte, 0, n)
	}
	for _, s := range [...]string{namespace, k.Tenant, k.Scope, k.Query} {
		e = appendString(e, tagString, s)
	}
	e = binary.AppendUvarint(e, uint64(len(k.Args)))
	for i, a := range k.Args {
		var err error
		if e, err = appendArg(e, a); err != nil {
			return nil, fmt.Errorf("%w: argument %d: %v", ErrKey, i, err)
		}
	}
	return e, nil
}

// hashKey returns the store key of a key whose encoding is e, built in
// dst's room.
func hashKey(dst, e []byte, namespace, tenant string) string {
	sum := sha256.Sum256(e)
	out := append(dst, namespace...)
	out = append(out, ':')
	out = appendEscaped(out, tenant)
	out = append(out, ':')
	out = hex.AppendEncode(out, sum[:])
	return string(out)
}

// keyMemo remembers the store keys of the keys hashed lately, by their
// encodings (those within keyRoom). It holds at most keyMemoBytes of
// encodings and store keys, and starts afresh when full. Safe for
// concurrent use.
type keyMemo struct {
	mu    sync.RWMutex
	m     map[string]string
	bytes int
}

const keyMemoBytes = 256 << 10

func (m *keyMemo) get(e []byte) (string, bool) {
	m.mu.RLock()
	skey, ok := m.m[string(e)]
	m.mu.RUnlock()
	return skey, ok
}

func (m *keyMemo) put(e []byte, skey string) {
	n := len(e) + len(skey)
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.m[string(e)]; ok {
		return
	}
	if m.m == nil || m.bytes+n > keyMemoBytes {
		m.m, m.bytes = make(map[string]string), 0
	}
	m.m[string(e)] = skey
	m.bytes += n
}

// encodedSize is the length of k's encoding, give or take: exact for the
// strings and for string and []byte arguments, 32 bytes for any other
// argument, so that a long key's encoding needs one allocation.
func encodedSize(namespace string, k Key) int {
	n := len(namespace) + len(k.Tenant) + len(k.Scope) + len(k.Query) + 4*(1+binary.MaxVarintLen64) + binary.MaxVarintLen64
	for _, a := range k.Args {
		switch v := a.(type) {
		case string:
			n += len(v)
		case []byte:
			n += len(v)
		}
		n += 32
	}
	return n
}

func appendString(e []byte, tag byte, s string) []byte {
	e = append(e, tag)
	e = binary.AppendUvarint(e, uint64(len(s)))
	return append(e, s...)
}

// appendArg appends one argument's tag and bytes.
func appendArg(e []byte, a any) ([]byte, error) {
	num := func(tag byte, v uint64) []byte { return binary.BigEndian.AppendUint64(append(e, tag), v) }
	switch v := a.(type) {
	case nil:
		return append(e, tagNil), nil
	case bool:
		if v {
			return append(e, tagTrue), nil
		}
		return append(e, tagFalse), nil
	case int:
		return num(tagInt, uint64(v)), nil
	case int8:
		return num(tagInt8, uint64(v)), nil
	case int16:
		return num(tagInt16, uint64(v)), nil
	case int32:
		return num(tagInt32, uint64(v)), nil
	case int64:
		return num(tagInt64, uint64(v)), nil
	case uint:
		return num(tagUint, uint64(v)), nil
	case uint8:
		return num(tagUint8, uint64(v)), nil
	case uint16:
		return num(tagUint16, uint64(v)), nil
	case uint32:
		return num(tagUint32, uint64(v)), nil
	case uint64:
		return num(tagUint64, v), nil
	case float32:
		return num(tagFloat32, uint64(math.Float32bits(v))), nil
	case float64:
		return num(tagFloat64, math.Float64bits(v)), nil
	case string:
		return appendString(e, tagString, v), nil
	case []byte:
		e = binary.AppendUvarint(append(e, tagBytes), uint64(len(v)))
		return append(e, v...), nil
	case time.Time:
		// The instant and the zone offset: the same instant in two zones
		// may format differently in the query's results.
		_, off := v.Zone()
		e = binary.BigEndian.AppendUint32(num(tagTime, uint64(v.UnixNano())), uint32(off))
		if y := v.Year(); y < 1678 || y > 2261 { // outside UnixNano's range
			e = v.AppendFormat(e, time.RFC3339Nano)
		}
		return e, nil
	case driver.Valuer:
		e = appendString(e, tagValuer, reflect.TypeOf(v).String())
		dv, err := v.Value()
		if err != nil {
			return e, err
		}
		if _, nested := dv.(driver.Valuer); nested {
			return e, fmt.Errorf("%T.Value returned another driver.Valuer", v)
		}
		return appendArg(e, dv)
	default:
		return e, fmt.Errorf("unsupported type %T", a)
	}
}

// appendEscaped appends s with every byte outside [A-Za-z0-9._-] as %XX.
func appendEscaped(dst []byte, s string) []byte {
	const hexDigits = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-' {
			dst = append(dst, c)
		} else {
			dst = append(dst, '%', hexDigits[c>>4], hexDigits[c&15])
		}
	}
	return dst
}
