package cache

import (
	"encoding/binary"
	"errors"
	"time"
)

// The entry format, what a Store holds under a store key:
//
//	entry  = magic(4) fresh(8) stale(8) page
//	magic  = "rpc" 0x01        ; cache entry format version 1
//	fresh  = be64              ; fresh until, Unix nanoseconds
//	stale  = be64              ; stale until, Unix nanoseconds (>= fresh)
//
// Anything else under a key (an old JSON entry, another format, a newer
// entry version) is a foreign entry: a miss, overwritten by the next load.
const (
	entryMagic  = "rpc\x01"
	entryHeader = len(entryMagic) + 16
)

// errForeign reports bytes that are not an entry of this format.
var errForeign = errors.New("cache: not a cache entry of this version")

// appendEntry appends the entry of page, fresh until fresh and stale
// until stale, to dst.
func appendEntry(dst []byte, fresh, stale time.Time, page []byte) []byte {
	dst = append(dst, entryMagic...)
	dst = binary.BigEndian.AppendUint64(dst, uint64(fresh.UnixNano()))
	dst = binary.BigEndian.AppendUint64(dst, uint64(stale.UnixNano()))
	return append(dst, page...)
}

// parseEntry splits an entry into its freshness and its page (which shares
// the entry's memory). It checks the header only, not the page.
func parseEntry(e []byte) (fresh, stale int64, page []byte, err error) {
	if len(e) < entryHeader || string(e[:len(entryMagic)]) != entryMagic {
		return 0, 0, nil, errForeign
	}
	fresh = int64(binary.BigEndian.Uint64(e[4:]))
	stale = int64(binary.BigEndian.Uint64(e[12:]))
	if stale < fresh {
		return 0, 0, nil, errForeign
	}
	return fresh, stale, e[entryHeader:], nil
}
