package cache

import "time"

// SetClock makes now c's clock of freshness and StoreRetry. Call it before
// c is used.
func SetClock(c *Cache, now func() time.Time) { c.now = now }

// OnJoined makes c call f with the store key each time a caller has
// started or joined a shared load it waits for. Call it before c is used.
func OnJoined(c *Cache, f func(skey string)) { c.joined = f }

// OnLoaded makes c call f with the store key once a load is over, its page
// stored or its error reported. Call it before c is used.
func OnLoaded(c *Cache, f func(skey string)) { c.loaded = f }

// MemoStoreKey is the store key Get uses: StoreKey through c's memo of
// the keys asked for lately.
func MemoStoreKey(c *Cache, k Key) (string, error) { return c.storeKey(k) }

// ForgetLoad makes c's next Get of the store key skey start a load of its
// own rather than join one that is over but not yet forgotten: singleflight
// forgets a call only after its function has returned, so a test that
// waited for OnLoaded can otherwise join the finished call and get its
// result without a load.
func ForgetLoad(c *Cache, skey string) { c.flight.Forget(skey) }
