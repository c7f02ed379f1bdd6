package jsonbridge_test

import (
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

type product struct {
	SKU   string  `json:"sku"`
	Name  string  `json:"name"`
	Price float64 `json:"price"`
}

func productPage() []byte {
	page, err := rowpage.Marshal([]product{
		{"A-1", "Kettle <2 l>", 19.99},
		{"B-2", "Teapot", 24.5},
		{"C-3", "Mug", 7},
		{"D-4", "Tray", 12.25},
	})
	if err != nil {
		log.Fatal(err)
	}
	return page
}

// Serve a cache hit: the page's JSON, byte for byte what json.Marshal
// writes, without building maps. With a reused buffer it does not allocate.
func ExampleAppendJSON() {
	page := productPage()

	var buf []byte // reuse across requests
	body, err := jsonbridge.AppendJSON(buf[:0], page)
	if err != nil {
		log.Fatal(err) // not a valid page: serve it as a miss
	}
	fmt.Println(string(body))
	// Output: [{"sku":"A-1","name":"Kettle \u003c2 l\u003e","price":19.99},{"sku":"B-2","name":"Teapot","price":24.5},{"sku":"C-3","name":"Mug","price":7},{"sku":"D-4","name":"Tray","price":12.25}]
}

// Serve one page of a listing from a cached page, inside an envelope, with
// some of the columns: the options are frozen once into a Mode.
func ExampleOptions_Mode() {
	mode, err := jsonbridge.Options{
		Columns:  []string{"sku", "price"},
		Offset:   1,
		Limit:    2,
		Envelope: &jsonbridge.Envelope{RowsKey: "items", CountKey: "count", After: []jsonbridge.Field{{Key: "next", Value: json.RawMessage(`"/products?page=3"`)}}},
	}.Mode()
	if err != nil {
		log.Fatal(err)
	}
	body, _ := mode.AppendJSON(nil, productPage())
	fmt.Println(string(body))
	// Output: {"items":[{"sku":"B-2","price":24.5},{"sku":"C-3","price":7}],"count":2,"next":"/products?page=3"}
}

// Stream a large page to a writer (an http.ResponseWriter, say) in chunks,
// never holding its whole JSON.
func ExampleWriteJSON() {
	if err := jsonbridge.WriteJSON(os.Stdout, productPage()); err != nil {
		log.Fatal(err)
	}
	// Output: [{"sku":"A-1","name":"Kettle \u003c2 l\u003e","price":19.99},{"sku":"B-2","name":"Teapot","price":24.5},{"sku":"C-3","name":"Mug","price":7},{"sku":"D-4","name":"Tray","price":12.25}]
}

// Turn JSON text (an upstream response, an old cache entry) into a page
// without decoding it into maps: key order and number text are kept.
func ExampleAppendPage() {
	upstream := []byte(`[{"id": 7, "price": 1.50, "tags": ["a", "b"]}, {"price": 2e3, "id": 8}]`)
	page, err := jsonbridge.AppendPage(nil, upstream)
	if err != nil {
		log.Fatal(err)
	}
	back, _ := jsonbridge.AppendJSON(nil, page)
	fmt.Println(string(back))
	// Output: [{"id":7,"price":1.50,"tags":["a","b"]},{"price":2e3,"id":8}]
}
