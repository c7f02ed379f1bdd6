// Package seal encrypts and authenticates cache entries (usually pages) at
// rest, with the standard library's AES-256-GCM and HKDF-SHA256 only.
// SEAL.md, beside SPEC.md, defines the sealed format byte by byte.
//
// A Keyring holds a primary key, which seals, and older keys, which still
// open, so that keys rotate without a flush. Seal appends an entry's sealed
// form to a buffer; Open appends the plaintext back, and fails unless the
// bytes are exactly what Seal wrote, under a key of the keyring, for the same
// aad. A cache passes the entry's full store key as aad, so that an entry
// copied to another key does not open there.
//
//	kr, err := seal.NewKeyring(primary, older...)
//	sealed, err := kr.Seal(buf[:0], page, storeKey)
//	page, err := kr.Open(pageBuf[:0], sealed, storeKey)
//
// # Terminology
//
//   - Key: a 32-bit ID and a 32-byte secret. The ID is written in each sealed
//     header, so Open finds the key without trying each one.
//   - aad: additional authenticated data, bytes that a sealed entry is bound
//     to without containing them.
//   - Data key: the AES-256 key of one entry, derived with HKDF from the key,
//     the entry's header (with its random salt) and the aad.
//   - Segment: 64 KiB of plaintext, sealed on its own with a nonce that holds
//     its position and whether it is the last (the STREAM construction), so
//     that cut, reordered and extended entries fail.
//
// # Errors
//
// Open, and a Reader, report ErrUnknownKey when the header names a key the
// keyring lacks (a cache treats it as a miss), and ErrOpen for everything
// else: not a sealed entry, other aad or key, any byte changed, cut,
// reordered or appended. On error, Open returns dst as it was and wipes what
// it had written past it. ParseKey and NewKeyring report ErrKey.
//
// # Costs
//
// A sealed entry is n+Overhead(n) bytes: a 32-byte header and a 16-byte tag
// per segment, 48 bytes for entries up to 64 KiB.
//
// Seal and Open cost a fixed part per entry, about 1 µs on a 2020s server
// core (HKDF-Expand: three SHA-256 blocks plus one per 64 bytes of aad; the
// AES key schedule and GHASH table of the data key; 23 bytes from
// crypto/rand for Seal), and then run at AES-GCM's speed, 3 to 4 GB/s with
// AES-NI. Into a dst with room, Seal makes two allocations of constant size,
// about 1.3 KB together, whatever the entry's size: crypto/aes and
// crypto/cipher return the data key's AES and GCM state behind interfaces,
// which makes it escape to the heap, and no exported API re-keys an existing
// one. Since every entry has its own data key, no Seal can avoid them. HKDF
// itself allocates nothing: the keyring keeps a pool of HMAC state per key,
// with the extract step done once in NewKeyring.
//
// Open pays the same on an entry's first open, plus two allocations to
// remember the state: the keyring keeps the AES-GCM state of the last 128 or
// so entries it opened, by header and aad, so that opening a hot entry again
// (the cache hit) derives nothing and allocates nothing, and costs little
// more than AES-GCM itself. Only entries that opened are remembered.
//
// A Writer and a Reader seal and open a stream a segment at a time, holding
// one segment (64 KiB) instead of the entry; the Writer writes the same bytes
// as Seal.
//
// # Concurrency
//
// A Keyring is safe for concurrent use; Seal and Open may run
// on any number of goroutines. A Writer or a Reader belongs to one goroutine.
package seal
