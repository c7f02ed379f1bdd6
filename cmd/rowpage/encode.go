package main

import (
	"fmt"
	"io"

	"github.com/rowpage/rowpage"
	"github.com/rowpage/rowpage/jsonbridge"
)

func encodeCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("encode", "[-o page.rp] [-no-checksum] [-compress none|fast|small] [-dict dict.rpd] [file.json]",
		`Turn JSON text into a page with jsonbridge.AppendPage: a top-level array of
objects (or nulls) becomes a page of rows, an object a one-object page, any
other value a one-value page. Key order and number text are kept.`, stderr)
	out := fs.String("o", "", "write the page to this `file` instead of standard output")
	noCRC := fs.Bool("no-checksum", false, "omit the CRC-32C trailer")
	compress := fs.String("compress", "none", "compress the page's body: `none`, fast (S2) or small (zstd)")
	dictPath := fs.String("dict", "", "compress against the dictionary in this `file` (from rowpage dict; needs -compress)")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	level, ok := map[string]rowpage.Compression{"none": rowpage.CompressNone, "fast": rowpage.CompressFast, "small": rowpage.CompressSmall}[*compress]
	if !ok {
		return usageError{"-compress " + *compress + ": want none, fast or small"}
	}
	in, err := atMostOneArg(fs)
	if err != nil {
		return err
	}
	text, err := readInput(in, stdin)
	if err != nil {
		return err
	}
	dicts, _, err := readDicts(*dictPath)
	if err != nil {
		return err
	}
	eo := rowpage.EncOptions{NoChecksum: *noCRC, Compression: level}
	if dicts != nil {
		eo.Dictionary = dicts[0]
	}
	mode, err := jsonbridge.PageOptions{EncOptions: eo}.PageMode()
	if err != nil {
		return err
	}
	page, err := mode.AppendPage(nil, text)
	if err != nil {
		return &fileError{in, err}
	}
	if err := writeOutput(*out, stdout, page, true); err != nil {
		return err
	}
	if *out != "" && *out != "-" {
		fmt.Fprintf(stderr, "rowpage: wrote %s: %d bytes, %.1f%% of the %d bytes of JSON\n",
			*out, len(page), percent(len(page), len(text)), len(text))
	}
	return nil
}

// percent returns 100*a/b, or 0 when b is 0.
func percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
