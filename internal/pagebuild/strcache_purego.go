//go:build purego

package pagebuild

// strCache is the safe twin of the address-keyed string cache in
// strcache_unsafe.go: without package unsafe a string's address is
// unknown, so it caches nothing and every string is hashed.
type strCache struct{}

func (c *strCache) get(string) (uint32, bool)  { return 0, false }
func (c *strCache) put(string, string, uint32) {}
func (c *strCache) reset()                     {}
