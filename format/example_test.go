package format_test

import (
	"errors"
	"fmt"

	"github.com/rowpage/rowpage/format"
)

// The wire primitives come in triads: Append, Consume (n < 0 is an error
// code) and Size.
func ExampleAppendUvarint() {
	b := format.AppendUvarint(nil, 300)
	v, n := format.ConsumeUvarint(b)
	fmt.Printf("% x: %d in %d bytes (SizeUvarint: %d)\n", b, v, n, format.SizeUvarint(300))

	_, n = format.ConsumeUvarint([]byte{0xac}) // the continuation bit promises a byte that is missing
	fmt.Println(n == format.ErrCodeTruncated)
	// Output:
	// ac 02: 300 in 2 bytes (SizeUvarint: 2)
	// true
}

// Signed integers are zigzag-encoded, so that small negative numbers stay
// short.
func ExampleAppendVarint() {
	for _, v := range []int64{0, -1, 1, -64, 64} {
		fmt.Printf("%d:% x ", v, format.AppendVarint(nil, v))
	}
	fmt.Println()
	// Output: 0:00 -1:01 1:02 -64:7f 64:80 01
}

// CheckHeader reads only the first eight bytes: enough to tell a page of
// this version from anything else, which a cache treats as a miss.
func ExampleCheckHeader() {
	err := format.CheckHeader([]byte(`{"id":1}`))
	fmt.Println(errors.Is(err, format.ErrUnsupported))
	// Output: true
}
