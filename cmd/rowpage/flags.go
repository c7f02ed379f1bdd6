package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// newFlags returns a flag set for a subcommand whose usage line (after
// "rowpage name") is synopsis.
func newFlags(name, synopsis, doc string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: rowpage %s %s\n\n%s\n", name, synopsis, doc)
		if hasFlags(fs) {
			fmt.Fprintln(stderr, "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// parseFlags parses args, turning -h into a nil error after the usage text
// and any other problem into a usageError.
func parseFlags(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, usageError{err.Error()}
	}
	return false, nil
}

// atMostOneArg returns the single positional argument, "" if there is none.
func atMostOneArg(fs *flag.FlagSet) (string, error) {
	switch fs.NArg() {
	case 0:
		return "", nil
	case 1:
		return fs.Arg(0), nil
	}
	return "", usageError{fmt.Sprintf("%s takes at most one file, got %d (flags go before the file)", fs.Name(), fs.NArg())}
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseSizes parses a comma-separated list of positive row counts.
func parseSizes(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(strings.ReplaceAll(f, "_", ""))
		if err != nil || n <= 0 {
			return nil, usageError{fmt.Sprintf("bad page size %q: want a positive number of rows", f)}
		}
		out = append(out, n)
	}
	return out, nil
}
