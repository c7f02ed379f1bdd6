package pageread_test

import (
	"fmt"
	"log"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

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
	s, err := pageread.Inspect(page, format.Limits{})
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
