package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/fxamacker/cbor/v2"
	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/dataset"
)

func demoCmd(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("demo", "", "Encode the built-in datasets at 25 to 5,000 rows, check that every page decodes\nback to its rows, and print page sizes against JSON and CBOR.", stderr)
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"demo takes no arguments"}
	}
	return demo(stdout)
}

// demo encodes each dataset at each size, checks the round trip and prints
// a Markdown table of sizes.
func demo(w io.Writer) error {
	type set struct {
		name string
		rows func(n int) any
		back func() any
	}
	sets := []set{
		{"rows (structs)", func(n int) any { return dataset.Rows(n) }, func() any { return new([]dataset.Row) }},
		{"events (structs)", func(n int) any { return dataset.Events(n) }, func() any { return new([]dataset.Event) }},
		{"sparse (maps)", func(n int) any { return dataset.SparseMaps(n) }, nil},
	}
	fmt.Fprintln(w, "| dataset | rows | JSON bytes | CBOR bytes | page bytes | page % of JSON | page % of CBOR | round trip |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---|")
	for _, s := range sets {
		for _, n := range dataset.Sizes {
			v := s.rows(n)
			js, err := json.Marshal(v)
			if err != nil {
				return err
			}
			cb, err := cbor.Marshal(v)
			if err != nil {
				return err
			}
			page, err := rowpage.Marshal(v)
			if err != nil {
				return err
			}
			check := "ok"
			if s.back != nil {
				out := s.back()
				if err := rowpage.Unmarshal(page, out); err != nil {
					return fmt.Errorf("%s at %d rows: %w", s.name, n, err)
				}
				back, err := json.Marshal(out)
				if err != nil {
					return err
				}
				if string(back) != string(js) {
					check = "MISMATCH"
				}
			} else if _, err := rowpage.Open(page); err != nil {
				return fmt.Errorf("%s at %d rows: %w", s.name, n, err)
			}
			fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %.1f%% | %.1f%% | %s |\n", s.name, n, len(js), len(cb), len(page),
				100*float64(len(page))/float64(len(js)), 100*float64(len(page))/float64(len(cb)), check)
			if check != "ok" {
				return fmt.Errorf("%s at %d rows: decoded rows differ from the originals", s.name, n)
			}
		}
	}
	return nil
}
