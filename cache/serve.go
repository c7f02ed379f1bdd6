package cache

import (
	"bytes"
	"context"
	"errors"
	"hash/crc32"
	"net/http"
	"strconv"
	"strings"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// defaultMode renders exactly what json.Marshal writes.
var defaultMode = func() *jsonbridge.Mode {
	m, err := jsonbridge.Options{}.Mode()
	if err != nil {
		panic(err)
	}
	return m
}()

// freeList is a fixed free list of buffers rather than a sync.Pool, which
// the GC empties every cycle, and a cycle comes often when the buffers are
// megabytes. Buffers past maxPooled are dropped rather than kept for one
// rare huge page.
type freeList chan *[]byte

const maxPooled = 16 << 20

// bufPool holds the buffers of entries and rendered JSON.
var bufPool = make(freeList, 32)

// gatherPool holds lazyWriter's buffers (about writeChunk), apart from
// bufPool's, so that an entry of megabytes is never read into one of them
// (which costs redisstore a second round trip to grow it).
var gatherPool = make(freeList, 32)

func (l freeList) get() *[]byte {
	select {
	case b := <-l:
		return b
	default:
		return new([]byte)
	}
}

func (l freeList) put(b *[]byte) {
	if cap(*b) > maxPooled {
		return
	}
	*b = (*b)[:0]
	select {
	case l <- b:
	default:
	}
}

// ServeJSON serves k's page as JSON under mode (nil: exactly what
// json.Marshal writes): the mode's envelope, offset, limit and columns,
// written straight from the page. Headers: Content-Type application/json,
// X-Cache hit, stale or miss, an ETag derived from the page (its CRC-32C
// and length: it names the page, so a URL must always be served with the
// same mode), 304 Not Modified when If-None-Match has it, and
// Content-Length for pages up to Options.WriteJSONAbove, whose JSON is
// rendered into a pooled buffer; larger pages are rendered by jsonbridge's
// WriteJSON, whose 32 KiB chunks are gathered into writes of writeChunk
// (256 KiB) in a pooled buffer, headers sent with the first write, so a
// 100,000-row response never needs one buffer of its whole JSON. A hit
// from the memory store allocates no page-sized buffer. An entry that does
// not render (not one of ours, damaged) is reported as foreign and
// reloaded: before the headers are written, in the request, which is then
// served as a miss; after (a large page damaged past its first
// writeChunk), in the background, the response being cut short with
// http.ErrAbortHandler. A write that fails (the client is gone) cuts the
// response short too, and reports nothing. Errors are answered 500 (504
// when the load times out) with a short text; the request's cancellation
// ends the response without one.
func (c *Cache) ServeJSON(w http.ResponseWriter, r *http.Request, k Key, load Loader, mode *jsonbridge.Mode) {
	if mode == nil {
		mode = defaultMode
	}
	ctx := r.Context()
	in := bufPool.get()
	defer bufPool.put(in)
	res, err := c.get(ctx, k, load, (*in)[:0], false)
	if cap(res.buf) > cap(*in) {
		*in = res.buf[:0] // keep the grown buffer for the next request
	}
	if res.opened != nil {
		defer bufPool.put(res.opened)
	}
	if err != nil {
		c.serveError(w, ctx, err)
		return
	}
	page, status := res.page, res.status
	var out *[]byte
	if len(page) <= c.opts.WriteJSONAbove {
		out = bufPool.get()
		defer bufPool.put(out)
	}
	var tagBuf [etagRoom]byte
	tag := appendETag(tagBuf[:0], page)
	if etagMatch(ifNoneMatch(r), tag) {
		c.reportServed(&res, k)
		c.writeHeader(w, r, tag, status, -1) // 304, without rendering
		return
	}
	for try := 0; ; try++ {
		var body []byte
		if out != nil {
			body, err = mode.AppendJSON((*out)[:0], page)
			*out = body[:0]
			if err == nil {
				c.reportServed(&res, k)
				if c.writeHeader(w, r, tag, status, len(body)) {
					w.Write(body)
				}
				return
			}
		} else {
			if r.Method == http.MethodHead {
				c.reportServed(&res, k)
				c.writeHeader(w, r, tag, status, -1)
				return
			}
			lw := lazyWriter{c: c, w: w, r: r, tag: bytes.Clone(tag), status: status, buf: gatherPool.get()}
			err = mode.WriteJSON(&lw, page)
			if err == nil {
				c.reportServed(&res, k)
				lw.finish()
			}
			gatherPool.put(lw.buf)
			if err == nil {
				return
			}
			if lw.started {
				c.abort(ctx, &res, k, load, page, status, lw.werr, err)
			}
		}
		if try > 0 || status == Miss || !isPageError(err) {
			c.serveError(w, ctx, err)
			return
		}
		// The stored entry is not a page we can serve: load it afresh.
		c.event(Event{Kind: EventForeign, Key: k, StoreKey: res.skey, Bytes: len(page), Err: err})
		c.event(Event{Kind: EventMiss, Key: k, StoreKey: res.skey})
		if page, err = c.wait(ctx, k, res.skey, load); err != nil {
			c.serveError(w, ctx, err)
			return
		}
		status, res.unreported = Miss, false
		tag = appendETag(tagBuf[:0], page)
	}
}

// abort ends a response whose headers are gone when WriteJSON failed
// with err: all that is left is to cut it short, which the client sees as
// a broken body rather than a complete one. When the page is at fault
// (a page error, not the client's write error werr) and it came from the
// store, the entry is reported as foreign and reloaded in the background,
// through the singleflight of the other loads, so that the next request
// does not fail the same way. A page the loader has just returned is not
// reloaded: the loader would return it again.
func (c *Cache) abort(ctx context.Context, res *result, k Key, load Loader, page []byte, status Status, werr, err error) {
	skey := res.skey
	if werr == nil && status != Miss && isPageError(err) {
		c.event(Event{Kind: EventForeign, Key: k, StoreKey: skey, Bytes: len(page), Err: err})
		c.flight.DoChan(skey, func() (any, error) { return c.load(ctx, k, skey, load) })
	} else {
		c.reportServed(res, k) // the page was served, as far as it went
	}
	panic(http.ErrAbortHandler)
}

// reportServed reports the hit or stale serve get left unreported, once.
func (c *Cache) reportServed(res *result, k Key) {
	if res.unreported {
		c.served(res, k, true)
	}
}

// writeChunk is the size of ServeJSON's writes of a large page's JSON.
// WriteJSON's own chunks are 32 KiB, and each Write of a ResponseWriter
// without a Content-Length costs an HTTP chunk and about two system calls:
// for a 10,000-row page (8 MB of JSON), 490 writes a response where the S2
// peer's single Write costs about 12. Gathering 256 KiB cuts that eightfold
// for a copy of the JSON (about 1% of its rendering) and a pooled buffer.
const writeChunk = 256 << 10

// lazyWriter gathers WriteJSON's chunks into writes of writeChunk, and
// writes the response's headers with the first, so that a page WriteJSON
// rejects before writeChunk bytes can still be reloaded and served whole.
type lazyWriter struct {
	c       *Cache
	w       http.ResponseWriter
	r       *http.Request
	tag     []byte
	status  Status
	buf     *[]byte // pooled; the JSON not yet written
	started bool    // the headers are written
	body    bool    // and a body follows them (not a 304)
	werr    error   // the ResponseWriter's write error: the client's failure, not the page's
}

func (l *lazyWriter) Write(b []byte) (int, error) {
	*l.buf = append(*l.buf, b...)
	if len(*l.buf) >= writeChunk {
		if err := l.flush(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// flush writes the headers if they are not written yet, and the gathered
// JSON.
func (l *lazyWriter) flush() error {
	if !l.started {
		l.started = true
		l.body = l.c.writeHeader(l.w, l.r, l.tag, l.status, -1)
	}
	if l.body && l.werr == nil {
		_, l.werr = l.w.Write(*l.buf)
	}
	*l.buf = (*l.buf)[:0]
	return l.werr
}

// finish writes what is left once WriteJSON has succeeded (the headers
// too, when nothing has been written yet: a JSON shorter than writeChunk).
// The buffer stays the caller's to return to the pool.
func (l *lazyWriter) finish() {
	if len(*l.buf) > 0 || !l.started {
		l.flush()
	}
}

// writeHeader writes the headers of a page's JSON of length n (-1:
// unknown) given the page's ETag, and the status: 304 when If-None-Match
// names the ETag, else 200. It reports whether a body should follow. The
// header values cost two allocations: one string holding the ETag and the
// Content-Length, and one array behind the four value slices (each capped
// at one element, so that appending to one cannot overwrite another).
// The names are assigned in canonical form, as Header.Set would.
func (c *Cache) writeHeader(w http.ResponseWriter, r *http.Request, tag []byte, status Status, n int) bool {
	h := w.Header()
	notModified := etagMatch(ifNoneMatch(r), tag)
	both := tag
	if !notModified && n >= 0 {
		both = strconv.AppendInt(tag, int64(n), 10)
	}
	s := string(both)
	v := make([]string, 4)
	v[0], v[1] = s[:len(tag)], status.String()
	h["Etag"], h["X-Cache"] = v[0:1:1], v[1:2:2]
	if notModified {
		w.WriteHeader(http.StatusNotModified)
		return false
	}
	v[2] = "application/json"
	h["Content-Type"] = v[2:3:3]
	if n >= 0 {
		v[3] = s[len(tag):]
		h["Content-Length"] = v[3:4:4]
	}
	w.WriteHeader(http.StatusOK)
	return r.Method != http.MethodHead
}

// isPageError reports the errors of bytes that are not a page we serve.
func isPageError(err error) bool {
	return errors.Is(err, rowpage.ErrUnsupported) || errors.Is(err, rowpage.ErrCorrupt) ||
		errors.Is(err, rowpage.ErrChecksum) || errors.Is(err, rowpage.ErrTruncated) || errors.Is(err, rowpage.ErrLimit)
}

// serveError answers a failed request.
func (c *Cache) serveError(w http.ResponseWriter, ctx context.Context, err error) {
	if ctx.Err() != nil {
		return // the client is gone
	}
	code := http.StatusInternalServerError
	if errors.Is(err, context.DeadlineExceeded) {
		code = http.StatusGatewayTimeout
	}
	http.Error(w, "cache: the query's result is not available", code)
}

// castagnoli is the CRC-32C table, the checksum pages carry.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// etagRoom is the room for an ETag (at most 29 bytes) and a
// Content-Length after it (at most 20 digits).
const etagRoom = 64

// appendETag appends page's ETag, "rp<crc32c><length>" in hex, quoted. A
// page with a checksum (flags bit 0, SPEC.md 2.2) already carries its
// CRC-32C in its last four bytes; otherwise it is computed.
func appendETag(dst, page []byte) []byte {
	var sum uint32
	if len(page) >= 12 && page[6]&1 != 0 {
		n := len(page)
		sum = uint32(page[n-4]) | uint32(page[n-3])<<8 | uint32(page[n-2])<<16 | uint32(page[n-1])<<24
	} else {
		sum = crc32.Checksum(page, castagnoli)
	}
	dst = append(dst, `"rp`...)
	dst = strconv.AppendUint(dst, uint64(sum), 16)
	dst = append(dst, '-')
	dst = strconv.AppendUint(dst, uint64(len(page)), 16)
	return append(dst, '"')
}

// ifNoneMatch returns r's If-None-Match header, as r.Header.Get does but
// without canonicalizing the name on every request (net/http stores the
// request's header names canonical).
func ifNoneMatch(r *http.Request) string {
	if v := r.Header["If-None-Match"]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// etagMatch reports whether an If-None-Match header value names etag
// (weak comparison, as RFC 9110 asks for If-None-Match), or is "*".
func etagMatch(header string, etag []byte) bool {
	for header != "" {
		var t string
		t, header, _ = strings.Cut(header, ",")
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == string(etag) {
			return true
		}
	}
	return false
}
