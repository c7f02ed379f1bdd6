package rowpage_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// Account is the row type of the examples: what a list query returns.
type Account struct {
	ID    int64     `json:"id"`
	Name  string    `json:"name"`
	Plan  string    `json:"plan"`
	Since time.Time `json:"since"`
}

func accounts() []Account {
	day := time.Date(2024, 3, 1, 9, 30, 0, 0, time.UTC)
	return []Account{
		{ID: 1, Name: "Ann", Plan: "pro", Since: day},
		{ID: 2, Name: "Bob", Plan: "free", Since: day.Add(24 * time.Hour)},
		{ID: 3, Name: "Cy", Plan: "pro", Since: day.Add(36 * time.Hour)},
	}
}

// cache stands for any byte cache: Redis, memcached, an in-process LRU.
var cache = map[string][]byte{}

// Encode a page of rows and cache it.
func ExampleMarshal() {
	rows := accounts()
	page, err := rowpage.Marshal(rows) // []T, []*T, []map[string]any, a struct or a map
	if err != nil {
		log.Fatal(err)
	}
	cache["accounts?page=1"] = page

	js, _ := json.Marshal(rows)
	fmt.Printf("page smaller than its JSON: %v\n", len(page) < len(js))
	// Output: page smaller than its JSON: true
}

// Read a cached page's rows with typed accessors, without allocating per row.
func ExampleOpen() {
	page, _ := rowpage.Marshal(accounts())

	p, err := rowpage.Open(page) // validates the header, the checksum and every cell
	if err != nil {
		log.Fatal(err)
	}
	id, _ := p.Column("id")
	plan, _ := p.Column("plan")
	since, _ := p.Column("since")
	for r := range p.Rows() {
		n, _ := r.Int(id)
		s, _ := r.String(plan) // shares the page's memory
		t, _ := r.Time(since)
		fmt.Println(n, s, t.Format(time.DateOnly))
	}
	// Output:
	// 1 pro 2024-03-01
	// 2 free 2024-03-02
	// 3 pro 2024-03-02
}

// Read page after page through one Page: once it has grown to the pages it
// reads, opening and reading them typed allocates nothing.
func ExampleOpenInto() {
	first, _ := rowpage.Marshal(accounts())
	second, _ := rowpage.Marshal(accounts()[1:])

	var p rowpage.Page
	total := 0
	for _, page := range [][]byte{first, second} {
		if err := rowpage.OpenInto(&p, page); err != nil {
			log.Fatal(err)
		}
		id, _ := p.Column("id")
		for r := range p.Rows() {
			n, _ := r.Int(id)
			total += int(n)
		}
	}
	fmt.Println(total)
	// Output:
	// 11
}

// Decode a page into structs, with encoding/json's struct-tag rules.
func ExampleUnmarshal() {
	page, _ := rowpage.Marshal(accounts())

	var out []Account
	if err := rowpage.Unmarshal(page, &out); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d accounts, the last: %+v\n", len(out), out[2])
	// Output: 3 accounts, the last: {ID:3 Name:Cy Plan:pro Since:2024-03-02 21:30:00 +0000 UTC}
}

// Build a page from a stream of values, without Go structs or maps: rows
// may differ in their keys, and a row may be null.
func ExampleBuilder() {
	b := rowpage.NewBuilder()
	b.StartRows()
	b.BeginRow()
	b.Key("id")
	b.Int(1)
	b.Key("tags")
	b.BeginArray()
	b.String("new")
	b.String("vip")
	b.EndArray()
	b.EndRow()
	b.NullRow()
	b.BeginRow()
	b.Key("id")
	b.Int(2)
	b.EndRow()
	page, err := b.Finish(nil)
	if err != nil {
		log.Fatal(err)
	}

	js, _ := jsonbridge.AppendJSON(nil, page)
	fmt.Println(string(js))
	// Output: [{"id":1,"tags":["new","vip"]},null,{"id":2}]
}

// A cache entry that is not a page of this format version (an old JSON
// entry, a page from a newer release) fails with ErrUnsupported before
// anything else is read: treat it as a miss and rebuild the entry.
func Example_versionMiss() {
	cache["accounts?page=1"] = []byte(`[{"id":1,"name":"Ann"}]`) // written by the previous release

	entry := cache["accounts?page=1"]
	p, err := rowpage.Open(entry)
	if errors.Is(err, rowpage.ErrUnsupported) {
		fmt.Println("miss:", err)
		entry, _ = rowpage.Marshal(accounts()) // rebuild from the source
		cache["accounts?page=1"] = entry
		p, err = rowpage.Open(entry)
	}
	if err != nil {
		log.Fatal(err) // damaged: ErrCorrupt, ErrTruncated, ErrChecksum
	}
	fmt.Println("rows:", p.Len())
	// Output:
	// miss: rowpage: unsupported format or version: not a rowpage page (bad magic) at byte 0
	// rows: 3
}
