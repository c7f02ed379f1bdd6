package seal_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/rowpage/rowpage/seal"
)

// A cache seals each entry bound to its store key and opens it on a hit.
func Example() {
	key, _ := seal.ParseKey("rpk1:7:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
	kr, err := seal.NewKeyring(key)
	if err != nil {
		panic(err)
	}
	storeKey := []byte("rowpage:v1:orders?customer=42")
	page := []byte("the bytes of a page")

	sealed, _ := kr.Seal(nil, page, storeKey)
	fmt.Println(len(sealed) == len(page)+seal.Overhead(len(page)))

	opened, err := kr.Open(nil, sealed, storeKey)
	fmt.Printf("%s %v\n", opened, err)

	// The same bytes under another store key do not open.
	_, err = kr.Open(nil, sealed, []byte("rowpage:v1:orders?customer=43"))
	fmt.Println(errors.Is(err, seal.ErrOpen))
	// Output:
	// true
	// the bytes of a page <nil>
	// true
}

// Rotating keys: entries sealed under the old primary still open while it
// stays in the keyring as an older key, and are a miss once it is dropped.
func ExampleNewKeyring_rotation() {
	oldKey, newKey := seal.NewKey(1), seal.NewKey(2)
	before, _ := seal.NewKeyring(oldKey)
	sealed, _ := before.Seal(nil, []byte("entry"), []byte("k"))

	during, _ := seal.NewKeyring(newKey, oldKey)
	opened, err := during.Open(nil, sealed, []byte("k"))
	fmt.Printf("%s %v\n", opened, err)

	after, _ := seal.NewKeyring(newKey)
	_, err = after.Open(nil, sealed, []byte("k"))
	fmt.Println(errors.Is(err, seal.ErrUnknownKey))
	// Output:
	// entry <nil>
	// true
}

// A Writer seals a large entry as it is produced; a Reader opens it a
// segment at a time.
func ExampleKeyring_NewWriter() {
	kr, _ := seal.NewKeyring(seal.NewKey(1))
	var stored bytes.Buffer
	w, _ := kr.NewWriter(&stored, []byte("big-report"))
	for range 3 {
		w.Write(bytes.Repeat([]byte("row "), 50_000))
	}
	if err := w.Close(); err != nil { // Close writes the last segment
		panic(err)
	}

	r, err := kr.NewReader(&stored, []byte("big-report"))
	if err != nil {
		panic(err)
	}
	n, err := io.Copy(io.Discard, r) // io.EOF, hence a nil error, only once all of it verified
	fmt.Println(n, err)
	// Output:
	// 600000 <nil>
}
