package pageread

import (
	"bytes"
	"math"

	"github.com/rowpage/rowpage/format"
)

// Deferred validation.
//
// Parse reads every cell of a page once to validate it, and a renderer then
// reads every cell again to write it: on a cache hit, that first pass is a
// sixth of the work. For the encodings whose cells a renderer decodes
// byte by byte anyway (integers, floats, string references, string lists,
// timestamps and tagged values), ResetDeferred leaves the cells unread and a renderer
// reads them with the checked Take methods of checked.go, which verify
// each cell as they decode it. CheckDeferred then confirms what those
// methods saw, and on any doubt runs the validator Parse would have run,
// so that the error a caller gets is exactly Parse's.

// ResetDeferred is Reset except that the cells of columns encoded as
// EncInt, EncIntDelta, EncIntFOR, EncFloat, EncFloatInt, EncIntFloat,
// EncStrRef, EncStrList, EncTime, EncTextTime and (when the string table is
// not empty) EncAny are not validated: only their null bitmap and the values
// in front of their cells are. Everything else (header, checksum, string
// table and flags, shapes, column directory, the cells of other columns) is
// validated as Reset does, and an error among it is the one Parse returns.
//
// Such a Layout is safe only for a reader that takes every present cell of
// each deferred column exactly once, in row order, with the checked Take
// methods (TakeStrChecked, TakeIntChecked, TakeFloatIntChecked,
// TakeFloatJSON, TakeIntFloatJSON, TakeTimeJSON, TakeStrListJSON,
// TakeValueJSON; TakeNull as usual), and then calls CheckDeferred with its
// cursors before it trusts anything it read.
// On malformed cells those methods return harmless stand-in values instead
// of panicking, so whatever was rendered must be discarded when
// CheckDeferred fails. The Layout is not safe for concurrent use until
// CheckDeferred or ValidateDeferred returns nil.
func (l *Layout) ResetDeferred(page []byte, lim format.Limits) error {
	return l.reset(page, lim, true, true)
}

// Deferred reports whether the cells of column c are still unvalidated.
func (l *Layout) Deferred(c int) bool { return l.Columns[c].deferred }

// ValidateDeferred validates the cells of every deferred column, in column
// order, and returns the first error exactly as Parse reports it, or nil
// when all are valid; the layout then counts as fully validated.
func (l *Layout) ValidateDeferred() error { return l.validateDeferred(len(l.Columns)) }

// validateDeferred is ValidateDeferred for the columns before end.
func (l *Layout) validateDeferred(end int) error {
	for c := 0; c < end; c++ {
		if !l.Columns[c].deferred {
			continue
		}
		if err := l.checkColumn(c, false); err != nil {
			return err
		}
	}
	return nil
}

// DeferredGood reports whether every checked cursor of a deferred column
// has met only well-formed cells so far, so that the JSON rendered from
// them is the JSON of the page's values and a streaming reader may send it
// before the last cell is read. It is not a verdict on the page: the cells
// not yet read, and the checks CheckDeferred makes at the end (trailing
// bytes, the frame minimum), can still fail it. cur holds the cursors of
// all columns. Cost: one comparison per column.
func (l *Layout) DeferredGood(cur []Cursor) bool {
	for c := range l.Columns {
		if l.Columns[c].deferred && cur[c].bad {
			return false
		}
	}
	return true
}

// CheckDeferred is called once a reader has taken every present cell of
// every deferred column with checked methods; cur holds the cursors of all
// columns, by column index. It returns nil when each deferred column's
// cells were well formed and filled its payload exactly, which is all the
// validator would check; the layout then counts as fully validated.
// Otherwise it returns the error Parse would have returned. Cost: a few
// comparisons per column, and for frame-of-reference columns a byte search
// of the payload.
func (l *Layout) CheckDeferred(cur []Cursor) error {
	ok := true
	for c := range l.Columns {
		col := &l.Columns[c]
		if !col.deferred {
			continue
		}
		k := &cur[c]
		if k.bad || k.pos != len(col.Payload) || k.i != col.Count {
			ok = false
			break
		}
		if k.lay == format.EncIntFOR && col.Count > col.Nulls && bytes.IndexByte(col.Payload[k.start:], 0) < 0 {
			ok = false // the frame minimum is not the minimum
			break
		}
		if k.enc == format.EncIntFloat && (!k.ints || !k.flts) {
			ok = false // no integer or no float: not the column's encoding (SPEC.md 9)
			break
		}
		if (k.enc == format.EncTime || k.enc == format.EncTextTime) && k.mode == format.TimePerValue &&
			(!k.mixed || (k.plus && !k.zero)) {
			ok = false // every offset is the same, or no zero offset for "+00:00": not the first mode that fits
			break
		}
	}
	if ok {
		for c := range l.Columns {
			l.Columns[c].deferred = false
		}
		return nil
	}
	if err := l.ValidateDeferred(); err != nil {
		return err
	}
	// The validator accepts cells a checked cursor refused, or the reader
	// did not take every cell: a bug in this package or in the reader.
	return errAt(format.ErrCorrupt, -1, "deferred cells failed a check the validator passed (a reader bug)")
}

// deferrable reports whether a column of encoding enc may leave its cells
// to checked cursors. It checks what a cursor reads before the first cell
// (the frame minimum, the integer layout, the time mode and shared offset)
// on a copy of v, and refuses, so that the validator reports the error,
// when that is bad. It also refuses columns that hold string indexes when
// the table is empty, since a checked cursor's stand-in for a bad index is
// index 0, and string lists under a depth limit that forbids them.
func (v validator) deferrable(enc uint8) bool {
	if ok, headless := v.l.deferrableHeadless(enc); headless {
		return ok
	}
	r := &v.r
	switch enc {
	case format.EncIntFOR:
		r.varint("frame minimum")
		return r.err == nil
	case format.EncFloatInt:
		v.floatIntHead()
		return r.err == nil
	case format.EncTime, format.EncTextTime:
		v.timeHead(enc == format.EncTextTime)
		return r.err == nil
	}
	return false
}

// deferPlain defers the cells of col, as validateColumn would with
// deferCells set, when its encoding byte settles it without a validator:
// no null bitmap, and an encoding with nothing in front of its cells that
// deferrable accepts. It reports whether it did; otherwise the caller
// validates the column. Cost: a switch, where validateColumn takes about a
// hundred instructions a column to come to the same answer.
func (l *Layout) deferPlain(col *Column) bool {
	// col.Enc with the null bitmap flag set is none of the headless
	// encodings, so such a column is left to the validator.
	ok, headless := l.deferrableHeadless(col.Enc)
	if !ok || !headless {
		return false
	}
	col.deferred = true
	return true
}

// deferrableHeadless answers deferrable for the encodings with nothing in
// front of their cells (headless): whether their column may leave its
// cells to checked cursors, which needs a non-empty string table for
// string indexes and a depth limit that allows string lists. For the
// other encodings headless is false, and deferrable reads their head.
func (l *Layout) deferrableHeadless(enc uint8) (ok, headless bool) {
	switch enc {
	case format.EncInt, format.EncIntDelta, format.EncFloat, format.EncIntFloat:
		return true, true
	case format.EncStrRef, format.EncAny:
		return l.Strings.Len() > 0, true
	case format.EncStrList:
		return l.Strings.Len() > 0 && l.depth >= 2, true
	}
	return false, false
}

// noOffset is a checked time cursor's offset before its first per-value
// offset: no valid offset (|offset| <= 86399) equals it.
const noOffset = math.MinInt32

// cursorLimits sets the bounds a checked cursor enforces on column c's
// values: the last string index, or for a frame the largest offset.
func (l *Layout) cursorLimits(cur *Cursor) {
	switch cur.enc {
	case format.EncStrRef, format.EncStrList, format.EncAny:
		cur.max = uint64(l.Strings.Len()) - 1 // MaxUint64 for an empty table, which then has no cells
	case format.EncIntFOR, format.EncFloatInt:
		cur.max = math.MaxUint64
		if cur.lay == format.EncIntFOR {
			cur.max = uint64(math.MaxInt64) - uint64(cur.acc)
			cur.start = cur.pos
		}
	case format.EncTime, format.EncTextTime:
		cur.max = math.MaxUint64
		if cur.mode == format.TimePerValue {
			cur.off = noOffset // see TakeTimeJSON
		}
	default:
		cur.max = math.MaxUint64
	}
}
