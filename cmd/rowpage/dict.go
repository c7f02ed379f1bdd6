package main

import (
	"fmt"
	"io"
	"os"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/internal/pagedict"
)

func dictCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("dict", "[-o dict.rpd] [-size bytes] page ...",
		`Train a dictionary (rowpage.TrainDictionary) on pages of one query or
endpoint, oldest first, for encode -dict: small compressed pages written with
it are smaller, and only readers given it read them. Train on earlier pages,
not on the ones it will compress.`, stderr)
	out := fs.String("o", "", "write the dictionary to this `file` instead of standard output")
	size := fs.Int("size", 0, "keep at most this many `bytes` of sample data (0: 32 KiB)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"dict: name at least one page"}
	}
	var samples [][]byte
	for _, name := range fs.Args() {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		samples = append(samples, b)
	}
	d, err := rowpage.TrainDictionary(samples, rowpage.DictOptions{Size: *size})
	if err != nil {
		return err
	}
	if err := writeOutput(*out, stdout, d.Bytes(), true); err != nil {
		return err
	}
	if *out != "" && *out != "-" {
		fmt.Fprintf(stderr, "rowpage: wrote %s: dictionary %s, %d bytes from %d pages\n", *out, d.ID(), len(d.Bytes()), len(samples))
	}
	return nil
}

// readDicts reads the dictionaries of a -dict flag (none for "").
func readDicts(path string) ([]*rowpage.Dictionary, pagedict.Set, error) {
	if path == "" {
		return nil, nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	d, err := rowpage.ParseDictionary(b)
	if err != nil {
		return nil, nil, &fileError{path, err}
	}
	return []*rowpage.Dictionary{d}, pagedict.Set{pagedict.Of(d)}, nil
}
