package jsonbridge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

// chainValue returns n containers, each the only member of the one before
// (or, with siblings, followed by a string and a number): an object where
// bit i of kinds is set, else an array, around leaf.
func chainValue(n int, kinds uint, siblings bool, leaf any) any {
	if n == 0 {
		return leaf
	}
	in := chainValue(n-1, kinds>>1, siblings, leaf)
	if kinds&1 != 0 {
		m := map[string]any{"l" + strconv.Itoa(n): in}
		if siblings {
			m["s"], m["z"] = "<after> "+strconv.Itoa(n), float64(n)/8
		}
		return m
	}
	if siblings {
		return []any{in, "after " + strconv.Itoa(n), n * 1000}
	}
	return []any{in}
}

// chainPages returns checksum-free pages of rows holding chains of nested
// containers 1 to 20 long (past the levels the render enters in its
// loops), of mixed kinds, with and without siblings, some repeated (so
// that repeat cells copy or render them again), in rows of varying keys
// and in rows of one shape.
func chainPages(t *testing.T) [][]byte {
	m, err := rowpage.EncOptions{NoChecksum: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	leaves := []any{"leaf", 7, -123456789, 0.1, []any{}, map[string]any{}, nil, true}
	var varied, same []map[string]any
	for n := 1; n <= 20; n++ {
		kinds := []uint{0, ^uint(0), 0x5555, 0x3333}[n%4]
		v := chainValue(n, kinds, n%3 == 0, leaves[n%len(leaves)])
		row := map[string]any{"deep": v, "n": n}
		if n%2 == 0 {
			row["k"+strconv.Itoa(n%5)] = "x"
		}
		varied = append(varied, row)
		if n%4 == 1 { // the same value again: a repeat cell
			varied = append(varied, map[string]any{"deep": v, "n": -n})
		}
		same = append(same, map[string]any{"deep": v, "n": n})
	}
	var pages [][]byte
	for _, rows := range [][]map[string]any{varied, same, varied[:3], same[7:9]} {
		p, err := m.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendJSON(nil, p)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("AppendJSON (error %v):\n%s\njson.Marshal:\n%s", err, got, want)
		}
		pages = append(pages, p)
	}
	return pages
}

// TestNestedChainsDamaged renders pages of nested chains (chainPages), as
// encoding/json writes them, and then with every byte of their column
// payloads damaged in four ways: AppendJSON must report exactly the error
// Parse reports, or write exactly what WriteJSON writes (checkDeferred).
func TestNestedChainsDamaged(t *testing.T) {
	for k, page := range chainPages(t) {
		l, err := pageread.Parse(page, format.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		p := make([]byte, len(page))
		failures := 0
		for _, col := range l.Columns {
			for i := col.Offset; i < col.Offset+len(col.Payload); i++ {
				for _, damage := range []func(byte) byte{
					func(b byte) byte { return b ^ 0x01 },
					func(b byte) byte { return b ^ 0x80 },
					func(byte) byte { return format.TagArray },
					func(byte) byte { return 0x00 },
				} {
					copy(p, page)
					if p[i] = damage(p[i]); p[i] == page[i] {
						continue
					}
					checkDeferred(t, p, "page "+strconv.Itoa(k)+", byte "+strconv.Itoa(i))
					if _, err := AppendJSON(nil, p); err != nil {
						failures++
					}
				}
			}
		}
		if failures == 0 {
			t.Fatalf("page %d: no damaged page was rejected", k)
		}
	}
}
