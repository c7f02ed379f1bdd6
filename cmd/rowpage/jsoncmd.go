package main

import (
	"bufio"
	"flag"
	"io"

	"github.com/rowpage/rowpage/jsonbridge"
)

func jsonCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("json", "[flags] [page]",
		`Write a page as JSON: by default exactly what json.Marshal wrote for the
values the page was built from. A newline follows only on a terminal.`, stderr)
	columns := fs.String("columns", "", "keep only these top-level `keys` (comma-separated), in each row's own order")
	offset := fs.Int("offset", 0, "skip this many rows")
	limit := fs.Int("limit", 0, "write at most this many rows (0: all)")
	rowsKey := fs.String("envelope", "", "wrap the rows in an object, under this `key` (\"rows\" if only -count-key is set)")
	countKey := fs.String("count-key", "", "add the number of rows written to the envelope under this `key`")
	noHTML := fs.Bool("no-escape-html", false, "write <, > and & as they are instead of \\u003c, \\u003e and \\u0026")
	maxBytes := fs.Int("max-bytes", 0, "fail when the JSON passes this many `bytes` (0: 256 times the page plus 1 MiB; -1: no cap)")
	out := fs.String("o", "", "write the JSON to this `file` instead of standard output")
	dictPath := fs.String("dict", "", "read pages compressed with the dictionary in this `file`")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	in, err := atMostOneArg(fs)
	if err != nil {
		return err
	}
	opts := jsonbridge.Options{NoEscapeHTML: *noHTML, Offset: *offset, Limit: *limit}
	if opts.Dictionaries, _, err = readDicts(*dictPath); err != nil {
		return err
	}
	opts.Limits.MaxJSONBytes = *maxBytes
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "columns" {
			opts.Columns = append([]string{}, splitList(*columns)...)
		}
	})
	if *rowsKey != "" || *countKey != "" {
		opts.Envelope = &jsonbridge.Envelope{RowsKey: *rowsKey, CountKey: *countKey}
	}
	mode, err := opts.Mode()
	if err != nil {
		return usageError{err.Error()}
	}
	page, err := readInput(in, stdin)
	if err != nil {
		return err
	}
	if *out != "" && *out != "-" {
		b, err := mode.AppendJSON(nil, page)
		if err != nil {
			return &fileError{in, err}
		}
		return writeOutput(*out, stdout, b, false)
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	if err := mode.WriteJSON(w, page); err != nil {
		return &fileError{in, err}
	}
	if isTerminal(stdout) {
		w.WriteByte('\n')
	}
	return w.Flush()
}
