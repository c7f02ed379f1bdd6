package cache

import (
	"crypto/sha256"
	"database/sql/driver"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"reflect"
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
// It costs one SHA-256 pass over the query and arguments, and one string.
func (c *Cache) StoreKey(k Key) string {
	s, err := storeKey(c.opts.Namespace, k)
	if err != nil {
		return ""
	}
	return s
}

// storeKey is StoreKey with the reason it fails.
func storeKey(namespace string, k Key) (string, error) {
	h := sha256.New()
	var b [64]byte
	e := b[:0]
	for _, s := range []string{namespace, k.Tenant, k.Scope, k.Query} {
		e = appendString(e[:0], tagString, s)
		h.Write(e)
	}
	e = binary.AppendUvarint(e[:0], uint64(len(k.Args)))
	h.Write(e)
	for i, a := range k.Args {
		if err := writeArg(h, a); err != nil {
			return "", fmt.Errorf("%w: argument %d: %v", ErrKey, i, err)
		}
	}
	out := make([]byte, 0, len(namespace)+len(k.Tenant)+2+64)
	out = append(out, namespace...)
	out = append(out, ':')
	out = appendEscaped(out, k.Tenant)
	out = append(out, ':')
	out = hex.AppendEncode(out, h.Sum(b[:0]))
	return string(out), nil
}

func appendString(e []byte, tag byte, s string) []byte {
	e = append(e, tag)
	e = binary.AppendUvarint(e, uint64(len(s)))
	return append(e, s...)
}

// writeArg writes one argument's tag and bytes.
func writeArg(h hash.Hash, a any) error {
	var b [16]byte
	e := b[:0]
	num := func(tag byte, v uint64) { h.Write(binary.BigEndian.AppendUint64(append(e, tag), v)) }
	switch v := a.(type) {
	case nil:
		h.Write(append(e, tagNil))
	case bool:
		if v {
			h.Write(append(e, tagTrue))
		} else {
			h.Write(append(e, tagFalse))
		}
	case int:
		num(tagInt, uint64(v))
	case int8:
		num(tagInt8, uint64(v))
	case int16:
		num(tagInt16, uint64(v))
	case int32:
		num(tagInt32, uint64(v))
	case int64:
		num(tagInt64, uint64(v))
	case uint:
		num(tagUint, uint64(v))
	case uint8:
		num(tagUint8, uint64(v))
	case uint16:
		num(tagUint16, uint64(v))
	case uint32:
		num(tagUint32, uint64(v))
	case uint64:
		num(tagUint64, v)
	case float32:
		num(tagFloat32, uint64(math.Float32bits(v)))
	case float64:
		num(tagFloat64, math.Float64bits(v))
	case string:
		h.Write(binary.AppendUvarint(append(e, tagString), uint64(len(v))))
		h.Write([]byte(v))
	case []byte:
		h.Write(binary.AppendUvarint(append(e, tagBytes), uint64(len(v))))
		h.Write(v)
	case time.Time:
		// The instant and the zone offset: the same instant in two zones
		// may format differently in the query's results.
		_, off := v.Zone()
		h.Write(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint64(append(e, tagTime), uint64(v.UnixNano())), uint32(off)))
		if y := v.Year(); y < 1678 || y > 2261 { // outside UnixNano's range
			h.Write([]byte(v.Format(time.RFC3339Nano)))
		}
	case driver.Valuer:
		name := reflect.TypeOf(v).String()
		h.Write(binary.AppendUvarint(append(e, tagValuer), uint64(len(name))))
		h.Write([]byte(name))
		dv, err := v.Value()
		if err != nil {
			return err
		}
		if _, nested := dv.(driver.Valuer); nested {
			return fmt.Errorf("%T.Value returned another driver.Valuer", v)
		}
		return writeArg(h, dv)
	default:
		return fmt.Errorf("unsupported type %T", a)
	}
	return nil
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
