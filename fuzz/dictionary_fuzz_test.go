package fuzz

import (
	"reflect"
	"sync"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/pagedict"
	"github.com/rowpage/rowpage/jsonbridge"
)

// The fuzz targets' readers are given one dictionary (SPEC.md 2.6), so that
// the seed pages written with it (seedPages) and every mutation of them go
// through the whole oracle of readAll; a page that names no dictionary
// reads exactly as it would without one.

// fuzzDict is trained on 20 pages of 25 rows of the rows and hetero sets;
// dictRows are later rows of each, for seed pages written with it.
var fuzzDict = sync.OnceValues(func() (*rowpage.Dictionary, []any) {
	var samples [][]byte
	var later []any
	for _, set := range []dataset.Set{dataset.Sets[0], dataset.Sets[5]} {
		all := reflect.ValueOf(set.Values(25 * 21))
		for i := range 21 {
			v := all.Slice(25*i, 25*i+25).Interface()
			if i == 20 {
				later = append(later, all.Slice(25*i, 25*i+4).Interface())
				continue
			}
			p, err := rowpage.Marshal(v)
			if err != nil {
				panic(err)
			}
			samples = append(samples, p)
		}
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{Size: 8 << 10})
	if err != nil {
		panic(err)
	}
	return d, later
})

func fuzzDicts() []*rowpage.Dictionary {
	d, _ := fuzzDict()
	return []*rowpage.Dictionary{d}
}

// fuzzSet is fuzzDicts for pageread.
func fuzzSet() pagedict.Set { return pagedict.Set{pagedict.Of(fuzzDicts()[0])} }

// fuzzDec and fuzzJSON are the default readers given the dictionary.
var (
	fuzzDec = sync.OnceValue(func() *rowpage.DecMode {
		m, err := rowpage.DecOptions{Dictionaries: fuzzDicts()}.DecMode()
		if err != nil {
			panic(err)
		}
		return m
	})
	fuzzJSON = sync.OnceValue(func() *jsonbridge.Mode {
		m, err := jsonbridge.Options{Dictionaries: fuzzDicts()}.Mode()
		if err != nil {
			panic(err)
		}
		return m
	})
)
