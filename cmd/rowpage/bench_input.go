package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rowpage/rowpage/internal/dataset"
	"github.com/rowpage/rowpage/internal/peers"
	"github.com/rowpage/rowpage/internal/realdata"
)

// benchSet is one dataset to measure: built in, or a user's JSON file.
type benchSet struct {
	name   string
	doc    string
	source string
	sizes  []int
	input  func(n int) (*peers.Input, error) // the first n rows
}

// builtinSets returns the named datasets, built-in or among real (all
// built-in ones, and every real one, when names is empty) at the given
// page sizes. A real set measures only the sizes it can fill, and is left
// out when it fills none.
func builtinSets(names []string, sizes []int, real []realdata.Set) ([]benchSet, error) {
	all := map[string]benchSet{}
	var order []string
	for _, s := range dataset.Sets {
		all[s.Name] = benchSet{
			name: s.Name, doc: s.Doc, source: "built-in (internal/dataset)", sizes: sizes,
			input: func(n int) (*peers.Input, error) { return peers.NewInput(s.Values(n), s.New) },
		}
		order = append(order, s.Name)
	}
	for _, s := range real {
		all[s.Name] = realSet(s, sizes)
		order = append(order, s.Name)
	}
	if len(names) == 0 {
		names = order
	}
	var out []benchSet
	for _, name := range names {
		s, ok := all[name]
		if !ok {
			return nil, usageError{fmt.Sprintf("unknown dataset %q (known: %s; -real adds the shared data's)", name, strings.Join(order, ", "))}
		}
		if len(s.sizes) > 0 {
			out = append(out, s)
		}
	}
	return out, nil
}

// realSet measures a real dataset: its rows as generic maps and, for SQL
// sets, the rowpage page sqlpage.AppendSQL builds from the query.
func realSet(s realdata.Set, sizes []int) benchSet {
	return benchSet{
		name: s.Name, doc: s.Doc, source: "../shared/data/" + s.Source, sizes: s.Sizes(sizes),
		input: func(n int) (*peers.Input, error) {
			in, err := peers.NewInput(s.Rows[:n], func() any { return new([]map[string]any) })
			if err != nil || s.Page == nil {
				return in, err
			}
			in.Page, err = s.Page(n)
			return in, err
		},
	}
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
