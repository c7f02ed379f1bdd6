package format

import (
	"bytes"
	"strconv"
)

// CheckHeader reads only the header of b: ErrUnsupported for anything not a
// page of a version and flags this reader knows, ErrTruncated for a prefix,
// ErrCorrupt for FlagDictionary without FlagCompressed. A good header
// takes one run of comparisons (a dozen instructions, where checking the
// magic with bytes.Equal and each field in turn took sixty, on every open
// and twice for a compressed page); any other input is judged field by
// field, as before, by checkHeaderFields.
func CheckHeader(b []byte) error {
	if len(b) >= HeaderSize && [4]byte(b[:4]) == Magic && b[4] == MajorVersion && b[6]&^knownFlags == 0 &&
		b[7] <= byte(KindValue) && b[6]&(FlagDictionary|FlagCompressed) != FlagDictionary {
		return nil
	}
	return checkHeaderFields(b)
}

// checkHeaderFields is CheckHeader for a header that fails its quick test:
// the fields in order, the first fault reported.
func checkHeaderFields(b []byte) error {
	if len(b) == 0 {
		return errAt(ErrUnsupported, 0, "empty input is not a page")
	}
	n := min(len(b), len(Magic))
	if !bytes.Equal(b[:n], Magic[:n]) {
		return errAt(ErrUnsupported, 0, "not a rowpage page (bad magic)")
	}
	if len(b) < HeaderSize {
		return errAt(ErrTruncated, len(b), "header needs 8 bytes")
	}
	if b[4] != MajorVersion {
		return errAt(ErrUnsupported, 4, "major version "+itoa(int(b[4]))+", this reader knows "+itoa(MajorVersion))
	}
	if b[6]&^knownFlags != 0 {
		return errAt(ErrUnsupported, 6, "unknown header flags")
	}
	if b[7] > byte(KindValue) {
		return errAt(ErrUnsupported, 7, "unknown page kind "+itoa(int(b[7])))
	}
	if b[6]&(FlagDictionary|FlagCompressed) == FlagDictionary {
		return errAt(ErrCorrupt, 6, "dictionary flag on a page that is not compressed")
	}
	return nil
}

func itoa(v int) string { return strconv.Itoa(v) }
