package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

func validateCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("validate", "[-q] [page ...]",
		`Check each page completely, as a reader that serves it as JSON does: header,
checksum, every section, every cell, the strings' escaping flags, the default
limits. A valid page prints one line; a damaged one prints the error (with
its byte offset, row and column where they apply) and the section it lies in,
and the exit status is 1.`, stderr)
	quiet := fs.Bool("q", false, "print nothing for valid pages")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	names := fs.Args()
	if len(names) == 0 {
		names = []string{"-"}
	}
	bad := 0
	for _, name := range names {
		page, err := readInput(name, stdin)
		if err == nil {
			err = validate(stdout, name, page, *quiet)
		}
		if err != nil {
			bad++
			fmt.Fprintln(stderr, "rowpage: "+(&fileError{name, err}).Error())
			if where := locate(page, err); where != "" {
				fmt.Fprintln(stderr, "  "+where)
			}
		}
	}
	if bad > 0 {
		return quietError{fmt.Sprintf("%d of %d pages are not valid", bad, len(names))}
	}
	return nil
}

// validate checks one page and reports it on w unless quiet.
func validate(w io.Writer, name string, page []byte, quiet bool) error {
	s, err := pageread.Inspect(page, format.Limits{})
	if err != nil {
		return err
	}
	if !quiet {
		sum := "no checksum"
		if s.Checksum {
			sum = "checksum verified"
		}
		fmt.Fprintf(w, "%s: ok: %s bytes, format %d.%d, kind %s, %s rows, %s columns, %s\n", inputName(name),
			count(s.Bytes), s.Major, s.Minor, kindNames[s.Kind], count(s.Rows), count(len(s.Columns)), sum)
	}
	return nil
}

// locate names the section of page that holds the byte err points at.
func locate(page []byte, err error) string {
	var e *format.Error
	if !errors.As(err, &e) || e.Offset < 0 || len(page) == 0 {
		return ""
	}
	if len(page) > 6 && page[6]&format.FlagCompressed != 0 && format.CheckHeader(page) == nil {
		// Errors in a compressed page's stored sections count in the page,
		// errors found after inflating in its plain form (SPEC.md 2.5): the
		// offset alone does not say which, so name no section.
		return ""
	}
	secs := pageread.Sections(page)
	s := pageread.SectionAt(secs, e.Offset)
	if s.Len == 0 {
		return fmt.Sprintf("byte %d is past the end of the %d-byte page", e.Offset, len(page))
	}
	return fmt.Sprintf("byte %d lies in the %s section (bytes %d to %d of %d)", e.Offset, s.Name, s.Offset, s.Offset+s.Len-1, len(page))
}
