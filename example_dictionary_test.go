package rowpage_test

import (
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

// accountsPage returns page i of an endpoint's accounts, 25 a page.
func accountsPage(i int) []Account {
	plans := []string{"free", "pro", "team"}
	out := make([]Account, 25)
	for k := range out {
		id := int64(25*i + k)
		out[k] = Account{ID: id, Name: fmt.Sprintf("account %d", id), Plan: plans[id%3],
			Since: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(id) * time.Hour)}
	}
	return out
}

// A dictionary trained on earlier pages of an endpoint makes its small
// compressed pages smaller; every reader of those pages is given it.
func ExampleTrainDictionary() {
	var samples [][]byte
	for i := range 20 { // earlier pages, as the cache held them
		page, err := rowpage.Marshal(accountsPage(i))
		if err != nil {
			log.Fatal(err)
		}
		samples = append(samples, page)
	}
	dict, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{})
	if err != nil {
		log.Fatal(err)
	}
	// Store dict.Bytes() beside the cache; rowpage.ParseDictionary reads it back.
	enc, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall, Dictionary: dict}.EncMode()
	page, err := enc.Marshal(accountsPage(20))
	if err != nil {
		log.Fatal(err)
	}
	plain, _ := rowpage.EncOptions{Compression: rowpage.CompressSmall}.EncMode()
	without, _ := plain.Marshal(accountsPage(20))
	fmt.Println("smaller with the dictionary:", len(page) < len(without))

	mode, _ := jsonbridge.Options{Dictionaries: []*rowpage.Dictionary{dict}, Limit: 1}.Mode()
	body, err := mode.AppendJSON(nil, page)
	fmt.Println(string(body), err)

	_, err = jsonbridge.AppendJSON(nil, page) // a reader without it: a miss
	fmt.Println(errors.Is(err, rowpage.ErrUnsupported))
	// Output:
	// smaller with the dictionary: true
	// [{"id":500,"name":"account 500","plan":"team","since":"2024-01-21T20:00:00Z"}] <nil>
	// true
}
