package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/peers"
)

// benchSet is one dataset to measure: built in, or a user's JSON file.
type benchSet struct {
	name   string
	doc    string
	source string
	sizes  []int
	input  func(n int) (*peers.Input, error) // the first n rows
}

// builtinSets returns the named built-in datasets (all when names is
// empty) at the given page sizes.
func builtinSets(names []string, sizes []int) ([]benchSet, error) {
	if len(names) == 0 {
		for _, s := range dataset.Sets {
			names = append(names, s.Name)
		}
	}
	var out []benchSet
	for _, name := range names {
		s, ok := dataset.SetByName(name)
		if !ok {
			var all []string
			for _, s := range dataset.Sets {
				all = append(all, s.Name)
			}
			return nil, usageError{fmt.Sprintf("unknown dataset %q (built-in: %s)", name, strings.Join(all, ", "))}
		}
		out = append(out, benchSet{
			name: s.Name, doc: s.Doc, source: "built-in (internal/dataset)", sizes: sizes,
			input: func(n int) (*peers.Input, error) { return peers.NewInput(s.Values(n), s.New) },
		})
	}
	return out, nil
}

// fileSet reads the array at pointer ptr in the JSON file path. Its rows
// are what encoding/json decodes them to (maps, []any, float64, string,
// bool, nil); the JSON the codecs must serve is json.Marshal of them. With
// no sizes it measures the whole array; sizes larger than the array are
// dropped.
func fileSet(path, ptr string, sizes []int) (benchSet, error) {
	doc, err := os.ReadFile(path)
	if err != nil {
		return benchSet{}, err
	}
	raw, err := resolvePointer(doc, ptr)
	if err != nil {
		return benchSet{}, fmt.Errorf("%s: %w", path, err)
	}
	var rows []any
	if err := json.Unmarshal(raw, &rows); err != nil {
		return benchSet{}, fmt.Errorf("%s: the value at JSON pointer %q is not an array of rows: %w", path, ptr, err)
	}
	var keep []int
	for _, n := range sizes {
		if n <= len(rows) {
			keep = append(keep, n)
		}
	}
	if len(sizes) == 0 || len(keep) == 0 {
		keep = []int{len(rows)}
	}
	src := path
	if ptr != "" {
		src += " at " + ptr
	}
	return benchSet{
		name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), doc: "rows read from " + src,
		source: src, sizes: keep,
		input: func(n int) (*peers.Input, error) {
			return peers.NewInput(rows[:n], func() any { return new([]any) })
		},
	}, nil
}
