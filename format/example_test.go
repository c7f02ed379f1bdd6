package format_test

import (
	"errors"
	"fmt"
	"log"

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

// Inspect describes a page: here SPEC.md's example 10.1.
func ExampleInspect() {
	page := []byte{
		0x89, 0x52, 0x50, 0x47, 0x01, 0x00, 0x01, 0x00, 0x02, 0x03,
		0x1d, 0x06, 0x01, 0x00, 0x00, 0x02, 0x06, 0x0a, 0x0d, 0x10, 0x13,
		'i', 'd', 'n', 'a', 'm', 'e', 't', 'i', 'e', 'r', 'p', 'r', 'o', 'a', 'n', 'n', 'b', 'o', 'b',
		0x05, 0x01, 0x03, 0x00, 0x01, 0x02,
		0x00,
		0x0e, 0x00, 0x02, 0x02, 0x01, 0x08, 0x01, 0x02, 0x07, 0x02, 0x02, 0x04, 0x04, 0x03, 0x03,
		0x2c, 0xb8, 0x26, 0x2c,
	}
	s, err := format.Inspect(page, format.Limits{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d rows; %d strings, %d references\n", s.Rows, s.Strings.Count, s.Strings.Refs)
	for _, c := range s.Columns {
		fmt.Printf("%s: %s, %d bytes\n", c.Name, c.Encoding, c.Bytes)
	}
	// Output:
	// 2 rows; 6 strings, 7 references
	// id: int, 2 bytes
	// name: string-seq, 1 bytes
	// tier: string-ref, 2 bytes
}
