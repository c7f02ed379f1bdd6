package main

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pageread"
)

func inspectCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("inspect", "[-json] [-shapes n] [-dict dict.rpd] [page]",
		`Validate a page completely and describe it: header, flags, version and
checksum; row, column and shape counts; where each section lies; the string
table's size and hit rate (references per distinct string); each column's
name, encoding and bytes; the most common row shapes.`, stderr)
	asJSON := fs.Bool("json", false, "print a JSON object instead of text")
	shapes := fs.Int("shapes", 10, "list at most this many shapes in text output, the most common first (-1: all)")
	dictPath := fs.String("dict", "", "read a page compressed with the dictionary in this `file`")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	in, err := atMostOneArg(fs)
	if err != nil {
		return err
	}
	page, err := readInput(in, stdin)
	if err != nil {
		return err
	}
	_, dicts, err := readDicts(*dictPath)
	if err != nil {
		return err
	}
	s, err := pageread.InspectDicts(page, format.Limits{}, dicts)
	if id, ok := pageread.DictionaryID(page); ok && errors.Is(err, format.ErrUnsupported) {
		// Without its dictionary the body cannot be read, but the header
		// and the stored sections can, and they say what the page needs.
		r, rerr := newStoredReport(page, id.String(), *dictPath != "")
		if rerr != nil {
			return &fileError{in, rerr}
		}
		if werr := r.write(stdout, *asJSON, *shapes); werr != nil {
			return werr
		}
		return &fileError{in, fmt.Errorf("%w; pass it with -dict to read the body", err)}
	}
	if err != nil {
		return &fileError{in, err}
	}
	r := newInspectReport(s)
	if id, ok := pageread.DictionaryID(page); ok {
		r.Dictionary = id.String()
	}
	if r.Compressed, err = compressedReports(page); err != nil {
		return &fileError{in, err}
	}
	return r.write(stdout, *asJSON, *shapes)
}

// write prints r as JSON or as text.
func (r *inspectReport) write(w io.Writer, asJSON bool, maxShapes int) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.writeText(w, maxShapes)
}

// newStoredReport describes what can be read of a page compressed with a
// dictionary the reader lacks: the header, the checksum and the stored
// sections. Its Unread field says why the rest is missing.
func newStoredReport(page []byte, dict string, gotOther bool) (*inspectReport, error) {
	secs, err := compressedReports(page)
	if err != nil {
		return nil, err
	}
	flags := page[6]
	r := &inspectReport{
		Bytes:   len(page),
		Version: fmt.Sprintf("%d.%d", page[4], page[5]),
		Kind:    kindNames[format.Kind(page[7])],
		Flags: flagsReport{Byte: flags, Checksum: flags&format.FlagChecksum != 0,
			Compressed: flags&format.FlagCompressed != 0, Dictionary: true},
		Checksum:   "absent",
		Compressed: secs,
		Dictionary: dict,
		Unread:     "the body is compressed with dictionary " + dict + ", which was not given (-dict)",
		Sections:   []sectionReport{},
		Cols:       []columnReport{},
		Shapes:     []shapeReport{},
	}
	if gotOther {
		r.Unread = "the body is compressed with dictionary " + dict + ", not the one given with -dict"
	}
	if r.Flags.Checksum {
		n := len(page) - format.ChecksumSize
		if binary.LittleEndian.Uint32(page[n:]) != format.Checksum(page[:n]) {
			return nil, fmt.Errorf("%w: the CRC-32C does not match", format.ErrChecksum)
		}
		r.Checksum = "verified"
	}
	return r, nil
}

// inspectReport is inspect's output; its JSON form is the -json output.
type inspectReport struct {
	Bytes     int             `json:"bytes"`
	Version   string          `json:"version"`
	Kind      string          `json:"kind"`
	Flags     flagsReport     `json:"flags"`
	Checksum  string          `json:"checksum"` // "verified" or "absent"
	Rows      int             `json:"rows"`
	NullRows  int             `json:"null_rows"`
	Columns   int             `json:"columns"`
	NumShapes int             `json:"shapes"`
	Sections  []sectionReport `json:"sections"`
	// Compressed lists a compressed page's sections as stored; Sections
	// then lie in the page's plain form (SPEC.md 2.5).
	Compressed []compressedReport `json:"compressed_sections,omitempty"`
	// Dictionary is the id of the dictionary the page was compressed
	// with (SPEC.md 2.6), or empty.
	Dictionary string `json:"dictionary,omitempty"`
	// Unread, when set, says why the body was not read (a dictionary the
	// reader lacks); the fields that describe the body are then empty.
	Unread  string         `json:"unread,omitempty"`
	Strings stringsReport  `json:"string_table"`
	Cols    []columnReport `json:"column_list"`
	Shapes  []shapeReport  `json:"shape_list"`
}

type flagsReport struct {
	Byte       uint8 `json:"byte"`
	Checksum   bool  `json:"checksum"`
	Compressed bool  `json:"compressed"`
	Dictionary bool  `json:"dictionary"`
}

type compressedReport struct {
	Name   string `json:"name"`
	Codec  string `json:"codec"`
	Offset int    `json:"offset"`
	Stored int    `json:"stored_bytes"`
	Raw    int    `json:"raw_bytes"`
}

var sectionCodecNames = map[byte]string{format.CodecRaw: "raw", format.CodecS2: "s2", format.CodecZstd: "zstd",
	format.CodecS2Lengths: "s2-lengths", format.CodecZstdLengths: "zstd-lengths"}

// compressedReports describes the stored sections of a compressed page, or
// returns nil for a plain one.
func compressedReports(page []byte) ([]compressedReport, error) {
	secs, err := pageread.CompressedSections(page)
	if err != nil || secs == nil {
		return nil, err
	}
	out := make([]compressedReport, len(secs))
	for i, s := range secs {
		out[i] = compressedReport{s.Name, sectionCodecNames[s.Codec], s.Offset, s.Stored, s.Raw}
	}
	return out, nil
}

type sectionReport struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Bytes  int    `json:"bytes"`
}

type stringsReport struct {
	Strings       int     `json:"strings"`
	SectionBytes  int     `json:"section_bytes"`
	DataBytes     int     `json:"data_bytes"`
	References    int     `json:"references"`
	KeyReferences int     `json:"key_references"`
	PerString     float64 `json:"references_per_string"`
	// UnsharedBytes is what the referenced strings would take with a copy
	// per reference, as JSON or CBOR store them.
	UnsharedBytes int `json:"unshared_bytes"`
	NeedEscape    int `json:"need_escape"`
	HaveHTML      int `json:"have_html"`
}

type columnReport struct {
	Index      int     `json:"index"`
	Name       string  `json:"name"`
	Encoding   string  `json:"encoding"`
	Cells      int     `json:"cells"`
	Nulls      int     `json:"nulls"`
	Bytes      int     `json:"bytes"`
	DirBytes   int     `json:"directory_bytes"`
	PctPage    float64 `json:"percent_of_page"`
	References int     `json:"string_references"`
	Repeats    int     `json:"repeats"`      // cells written as repeats of an earlier cell (format 1.6)
	RepeatOf   int     `json:"repeat_bytes"` // bytes of the cells they repeat
}

type shapeReport struct {
	ID      int      `json:"id"`
	Rows    int      `json:"rows"`
	Columns []string `json:"columns"`
}

var kindNames = map[format.Kind]string{format.KindRows: "rows", format.KindObject: "object", format.KindValue: "value"}

func newInspectReport(s *pageread.Summary) *inspectReport {
	r := &inspectReport{
		Bytes:   s.Bytes,
		Version: fmt.Sprintf("%d.%d", s.Major, s.Minor),
		Kind:    kindNames[s.Kind],
		Flags: flagsReport{Byte: s.Flags, Checksum: s.Checksum, Compressed: s.Flags&format.FlagCompressed != 0,
			Dictionary: s.Flags&format.FlagDictionary != 0},
		Checksum:  "absent",
		Rows:      s.Rows,
		NullRows:  s.NullRows,
		Columns:   len(s.Columns),
		NumShapes: len(s.Shapes),
		Sections:  []sectionReport{},
		Cols:      []columnReport{},
		Shapes:    []shapeReport{},
	}
	if s.Checksum {
		r.Checksum = "verified"
	}
	for _, sec := range s.Sections {
		r.Sections = append(r.Sections, sectionReport{sec.Name, sec.Offset, sec.Len})
	}
	st := s.Strings
	r.Strings = stringsReport{
		Strings: st.Count, SectionBytes: st.Bytes, DataBytes: st.DataBytes,
		References: st.Refs, KeyReferences: st.KeyRefs, UnsharedBytes: st.RefBytes,
		NeedEscape: st.Escape, HaveHTML: st.HTML,
	}
	if st.Count > 0 {
		r.Strings.PerString = round2(float64(st.Refs) / float64(st.Count))
	}
	for i, c := range s.Columns {
		r.Cols = append(r.Cols, columnReport{
			Index: i, Name: c.Name, Encoding: c.Encoding, Cells: c.Cells, Nulls: c.Nulls,
			Bytes: c.Bytes, DirBytes: c.DirBytes, PctPage: round2(percent(c.Bytes, s.Bytes)), References: c.Refs,
			Repeats: c.Repeats, RepeatOf: c.RepeatBytes,
		})
	}
	for i, sh := range s.Shapes {
		names := make([]string, len(sh.Columns))
		for j, c := range sh.Columns {
			names[j] = s.Columns[c].Name
		}
		r.Shapes = append(r.Shapes, shapeReport{ID: i + 1, Rows: sh.Rows, Columns: names})
	}
	return r
}

func round2(f float64) float64 { return float64(int64(f*100+0.5)) / 100 }

// writeText prints the report for people; maxShapes < 0 lists every shape.
func (r *inspectReport) writeText(w io.Writer, maxShapes int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var fl []string
	if r.Flags.Checksum {
		fl = append(fl, "checksum")
	}
	if r.Flags.Compressed {
		fl = append(fl, "compressed")
	}
	if r.Flags.Dictionary {
		fl = append(fl, "dictionary "+r.Dictionary)
	}
	flags := "none"
	if len(fl) > 0 {
		flags = strings.Join(fl, ", ")
	}
	st := r.Strings
	fmt.Fprintf(tw, "page\t%s bytes, format %s, kind %s\n", count(r.Bytes), r.Version, r.Kind)
	fmt.Fprintf(tw, "flags\t0x%02x (%s)\n", r.Flags.Byte, flags)
	fmt.Fprintf(tw, "checksum\t%s\n", map[string]string{"verified": "CRC-32C present and verified", "absent": "absent"}[r.Checksum])
	if r.Unread != "" {
		fmt.Fprintf(tw, "body\tnot read: %s\n", r.Unread)
		fmt.Fprintln(tw, "\nstored section\toffset\tcodec\tstored\tdecompressed\tstored/decompressed")
		for _, s := range r.Compressed {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%.1f%%\n", s.Name, s.Offset, s.Codec, count(s.Stored), count(s.Raw), percent(s.Stored, s.Raw))
		}
		return tw.Flush()
	}
	fmt.Fprintf(tw, "rows\t%s (%s null), %s columns, %s shapes\n", count(r.Rows), count(r.NullRows), count(r.Columns), count(r.NumShapes))
	fmt.Fprintf(tw, "strings\t%s distinct, %s bytes of data in a %s-byte section\n", count(st.Strings), count(st.DataBytes), count(st.SectionBytes))
	fmt.Fprintf(tw, "hit rate\t%s references (%s keys), %.2f per distinct string; a copy per reference would take %s bytes\n",
		count(st.References), count(st.KeyReferences), st.PerString, count(st.UnsharedBytes))
	fmt.Fprintf(tw, "escaping\t%s strings need JSON escapes, %s hold <, > or &\n", count(st.NeedEscape), count(st.HaveHTML))
	whole := r.Bytes // what section percentages count from
	if len(r.Compressed) > 0 {
		fmt.Fprintln(tw, "\nstored section\toffset\tcodec\tstored\tdecompressed\tstored/decompressed")
		for _, s := range r.Compressed {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%.1f%%\n", s.Name, s.Offset, s.Codec, count(s.Stored), count(s.Raw), percent(s.Stored, s.Raw))
		}
		fmt.Fprintln(tw, "\nsection (plain form)\toffset\tbytes\t% of plain form")
		whole = 0
		for _, s := range r.Sections {
			whole += s.Bytes
		}
	} else {
		fmt.Fprintln(tw, "\nsection\toffset\tbytes\t% of page")
	}
	for _, s := range r.Sections {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.1f%%\n", s.Name, s.Offset, count(s.Bytes), percent(s.Bytes, whole))
	}
	fmt.Fprintln(tw, "\n#\tcolumn\tencoding\tcells\tnulls\tbytes\t% of page\tstring refs\trepeats (bytes repeated)")
	for _, c := range r.Cols {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%.1f%%\t%s\t%s (%s)\n", c.Index, quoteName(c.Name), c.Encoding,
			count(c.Cells), count(c.Nulls), count(c.Bytes), c.PctPage, count(c.References), count(c.Repeats), count(c.RepeatOf))
	}
	shapes := slices.Clone(r.Shapes)
	slices.SortStableFunc(shapes, func(a, b shapeReport) int { return cmp.Compare(b.Rows, a.Rows) })
	title := fmt.Sprintf("\nshape\trows\tcolumns (%d shapes", len(shapes))
	if maxShapes >= 0 && len(shapes) > maxShapes {
		shapes = shapes[:maxShapes]
		title += fmt.Sprintf(", the %d most common", maxShapes)
	}
	fmt.Fprintln(tw, title+")")
	for _, s := range shapes {
		names := make([]string, len(s.Columns))
		for i, n := range s.Columns {
			names[i] = quoteName(n)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\n", s.ID, count(s.Rows), strings.Join(names, ", "))
	}
	return tw.Flush()
}

// quoteName shows a column name as it is unless it needs quoting to be
// read unambiguously (empty, spaces, commas, control characters).
func quoteName(s string) string {
	if s == "" || strings.ContainsAny(s, " ,\"\t\n\r\\") || !isPrintable(s) {
		return fmt.Sprintf("%q", s)
	}
	return s
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
