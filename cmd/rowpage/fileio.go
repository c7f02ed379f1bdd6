package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// readInput reads the named file, or stdin when name is "" or "-".
func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "" || name == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return b, nil
	}
	return os.ReadFile(name)
}

// inputName names an input in messages.
func inputName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}

// writeOutput writes b to the file path, or to stdout when path is "" or
// "-". It refuses to write binary data to a terminal.
func writeOutput(path string, stdout io.Writer, b []byte, binary bool) error {
	if path != "" && path != "-" {
		return os.WriteFile(path, b, 0o644)
	}
	if binary && isTerminal(stdout) {
		return usageError{"refusing to write a binary page to a terminal: redirect standard output or use -o"}
	}
	_, err := stdout.Write(b)
	return err
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// fileError prefixes an error with the input it concerns, dropping the
// package prefix of the wrapped message (main adds its own).
type fileError struct {
	name string
	err  error
}

func (e *fileError) Error() string {
	return inputName(e.name) + ": " + strings.TrimPrefix(e.err.Error(), "rowpage: ")
}

func (e *fileError) Unwrap() error { return e.err }
