package pageread

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/bits"
	"slices"

	"github.com/rowpage/rowpage/format"

	"github.com/rowpage/rowpage/internal/jsonwire"
)

// Validating the cells of a column: every value is read once and checked
// against the grammar and the limits, so that cursors need not check.

// checkColumn validates column c (see validateColumn) and puts the column
// in its errors.
func (l *Layout) checkColumn(c int, deferCells bool) error {
	if err := l.validateColumn(c, deferCells); err != nil {
		return l.columnErr(c, err)
	}
	return nil
}

// columnErr puts column c in err, an error of its validation, unless err
// names a column already.
func (l *Layout) columnErr(c int, err error) error {
	if e, ok := err.(*format.Error); ok && e.Column < 0 {
		e.Column = c
		if l.Kind != format.KindValue {
			e.ColumnName = l.ColumnName(c)
		}
	}
	return err
}

// validateColumn checks every cell of column c. With deferCells, a column
// whose encoding a checked cursor can verify while it reads (see
// deferrable) has only its null bitmap and the values in front of its cells
// checked, and is marked deferred.
func (l *Layout) validateColumn(c int, deferCells bool) error {
	col := &l.Columns[c]
	col.deferred = false
	enc := col.Enc &^ format.EncNullBitmap
	if enc > format.EncMax {
		return errAt(format.ErrUnsupported, col.Offset, "unknown column encoding "+itoa(int(col.Enc)))
	}
	v := validator{l: l, r: reader{b: col.Payload}, base: col.Offset}
	values := col.Count
	if col.Enc&format.EncNullBitmap != 0 {
		switch enc {
		case format.EncNull:
			return errAt(format.ErrCorrupt, col.Offset, "all-null column with a null bitmap")
		case format.EncAny:
			return errAt(format.ErrCorrupt, col.Offset, "any column with a null bitmap (nulls are tag 0x00)")
		}
		nb := (col.Count + 7) / 8
		if nb > len(col.Payload) {
			return errAt(format.ErrTruncated, col.Offset, "null bitmap runs past the payload")
		}
		nulls, ok := countBits(col.Payload[:nb], col.Count)
		if !ok {
			return errAt(format.ErrCorrupt, col.Offset+nb-1, "null bitmap padding bits are not zero")
		}
		if nulls == 0 || nulls == col.Count {
			return errAt(format.ErrCorrupt, col.Offset, "null bitmap must hold some but not all nulls")
		}
		col.Nulls = nulls
		values -= nulls
		v.r.pos = nb
	}
	if enc == format.EncNull {
		col.Nulls = col.Count
		if len(col.Payload) != 0 {
			return errAt(format.ErrCorrupt, col.Offset, "all-null column has a payload")
		}
		return nil
	}
	if deferCells && v.deferrable(enc) {
		col.deferred = true
		return nil
	}
	if enc == format.EncTime {
		v.times = l.timeCells(values, len(col.Payload))
	}
	v.column(enc, values)
	if v.r.err != nil {
		return v.r.fix(v.base)
	}
	if v.r.pos != len(v.r.b) {
		return errAt(format.ErrCorrupt, v.base+v.r.pos, "column payload has trailing bytes")
	}
	// Every cell written: the column is good. (Stored only when there is
	// something to store or clear: reset clears the columns, so col.times
	// is nearly always nil here, and the store of a slice costs a write
	// barrier check and three stores.)
	if v.times != nil || col.times != nil {
		col.times = v.times
	}
	return nil
}

// strSeqValid reports whether p is a valid payload of a string-sequence
// column (SPEC.md 5.1) of n cells, without a null bitmap, over a string
// table of strs strings: a minimal varint base of one or two bytes, base +
// n within the table, and nothing after it. It answers as validateColumn
// would, and is true only where validateColumn would accept the column and
// do nothing more, so that parseColumns may skip it; a false answer leaves
// the column, and any fault, to validateColumn. Cost: a few comparisons,
// where validateColumn takes about a hundred instructions (string-sequence
// columns are common on pages whose columns are sparse: a column of
// distinct strings in first-seen order is one).
func strSeqValid(p []byte, n, strs int) bool {
	var base int
	switch {
	case len(p) == 1 && p[0] < 0x80:
		base = int(p[0])
	case len(p) == 2 && p[0] >= 0x80 && p[1]-1 < 0x7F: // a last byte of 0 is not minimal
		base = int(p[0]&0x7F) | int(p[1])<<7
	default:
		return false
	}
	return base <= strs && n <= strs-base
}

// countBits counts the set bits among the first n bits of b and reports
// whether the padding bits after them are zero.
func countBits(b []byte, n int) (int, bool) {
	c := 0
	for _, x := range b {
		c += bits.OnesCount8(x)
	}
	if n%8 != 0 && b[len(b)-1]>>(n%8) != 0 {
		return c, false
	}
	return c, true
}

// validator walks a column payload checking every value. It is built for
// each column, so it is kept small: anyColumn's quickWalk, some 200 bytes,
// is its own local, which a validator holding it had every column clear
// and copy (about 70 instructions a column).
type validator struct {
	l    *Layout
	r    reader
	base int
	nstr uint64 // for quickValue: the string table's length
	// times, when not nil, is where timeColumn writes each cell of a
	// time column it checks (one per value); it clears it for a column
	// of per-value offsets, whose cells TakeCells does not take so.
	times []timeCell
}

func (v *validator) fail(kind error, msg string) {
	if v.r.err == nil {
		v.r.err = errAt(kind, v.r.pos, msg)
	}
}

func (v *validator) column(enc uint8, n int) {
	r := &v.r
	switch enc {
	case format.EncBool:
		nb := (n + 7) / 8
		if nb > len(r.b)-r.pos {
			v.fail(format.ErrTruncated, "bool bits run past the payload")
			return
		}
		if _, ok := countBits(r.b[r.pos:r.pos+nb], n); !ok && n > 0 {
			r.pos += nb - 1
			v.fail(format.ErrCorrupt, "bool padding bits are not zero")
			return
		}
		r.pos += nb
	case format.EncInt, format.EncIntDelta:
		v.varints(n, math.MaxUint64, "integer")
	case format.EncIntFOR:
		lo := r.varint("frame minimum")
		if r.err == nil {
			v.frame(n, lo, math.MaxInt64)
		}
	case format.EncFloatInt:
		v.floatInts(n)
	case format.EncUint:
		v.uints(n)
	case format.EncFloat:
		v.floats(n)
	case format.EncIntFloat:
		v.intFloats(n)
	case format.EncStrRef:
		if v.l.Strings.Len() == 0 {
			if n > 0 {
				v.fail(format.ErrCorrupt, "string index into an empty string table")
			}
			return
		}
		v.varints(n, uint64(v.l.Strings.Len()-1), "string index")
	case format.EncStrSeq:
		base := r.uvarint("string sequence base")
		if r.err == nil && (base > uint64(v.l.Strings.Len()) || uint64(n) > uint64(v.l.Strings.Len())-base) {
			v.fail(format.ErrCorrupt, "string sequence runs past the string table")
		}
	case format.EncTime, format.EncTextTime:
		v.timeColumn(n, enc == format.EncTextTime)
	case format.EncBytes:
		for i := 0; i < n && r.err == nil; i++ {
			r.blob("byte string", v.l.maxStr)
		}
	case format.EncNumber:
		for i := 0; i < n && r.err == nil; i++ {
			at := r.pos
			t := r.blob("number", v.l.maxStr)
			if r.err == nil && !format.ValidNumber(t) {
				r.pos = at
				v.fail(format.ErrCorrupt, "invalid JSON number text")
			}
		}
	case format.EncAny:
		v.anyColumn(n)
	case format.EncStrList:
		if v.l.depth < 2 {
			v.fail(format.ErrLimit, "nesting exceeds MaxDepth")
			return
		}
		lims := newStrLims(uint64(v.l.Strings.Len()))
		for i := 0; i < n && r.err == nil; i++ {
			// Most lists go through strListRun, a loop without calls;
			// a list it leaves is read here, with its error if it is bad.
			took, p := strListRun(r.b, r.pos, n-i, lims)
			if r.pos, i = p, i+took; i == n {
				break
			}
			cnt := r.uvarint("list length")
			if r.err != nil {
				return
			}
			if cnt > uint64(len(r.b)-r.pos) {
				v.fail(format.ErrCorrupt, "list length exceeds the bytes left")
				return
			}
			if v.l.Strings.Len() == 0 {
				if cnt > 0 {
					v.fail(format.ErrCorrupt, "string index into an empty string table")
				}
				continue
			}
			v.varints(int(cnt), uint64(v.l.Strings.Len()-1), "string index")
		}
	}
}

// strListRun checks, from b[pos:], up to n cells of a string-list column
// as validator.column does, and returns how many it took and where they
// end. It stops before the first list it cannot take so, which column then
// reads on its own: one that is bad, or whose count or an index is longer
// than the one and two bytes it reads itself, or an index in the last
// byte of b. Its loop makes no call, and tests each index with one
// comparison (strLims): a list of a few strings cost about 120
// instructions through the reader and varints.
func strListRun(b []byte, pos, n int, lims strLims) (int, int) {
	one, two := lims.one, lims.two
	i := 0
lists:
	for ; i < n && pos < len(b); i++ {
		cnt := int(b[pos])
		p := pos + 1
		if cnt >= 0x80 || cnt > len(b)-p {
			break
		}
		for ; cnt > 0; cnt-- {
			if p > len(b)-2 {
				break lists
			}
			x := uint64(b[p]) | uint64(b[p+1])<<8
			if x&0xFF < one {
				p++
			} else if x-0x180 < two {
				p += 2
			} else {
				break lists
			}
		}
		pos = p
	}
	return i, pos
}

// frame checks the n offsets of a frame-of-reference payload after its
// minimum lo: each at most hi - lo, so that lo + offset fits under hi, and
// one of them 0. A minimal varint holds a zero byte only as the whole
// varint 0, so one byte search finds it.
func (v *validator) frame(n int, lo, hi int64) {
	r := &v.r
	start := r.pos
	v.varints(n, uint64(hi)-uint64(lo), "frame offset")
	if r.err == nil && n > 0 && bytes.IndexByte(r.b[start:r.pos], 0) < 0 {
		v.fail(format.ErrCorrupt, "frame minimum is not the minimum")
	}
}

// floatIntHead reads and checks what comes before an integral-float
// column's values (SPEC.md 5.2): the integer layout and, for EncIntFOR, a
// frame minimum within ±FloatIntMax. On failure it sets v.r.err.
func (v *validator) floatIntHead() (lay byte, lo int64) {
	r := &v.r
	if r.pos >= len(r.b) {
		v.fail(format.ErrTruncated, "integer layout missing")
		return 0, 0
	}
	lay = r.b[r.pos]
	if lay != format.EncInt && lay != format.EncIntDelta && lay != format.EncIntFOR {
		v.fail(format.ErrCorrupt, "unknown integer layout")
		return 0, 0
	}
	r.pos++
	if lay == format.EncIntFOR {
		lo = v.floatInt("frame minimum")
	}
	return lay, lo
}

// floatInt reads a varint that must be an integral float's value, within
// ±FloatIntMax (SPEC.md 5.2), and returns it; on failure it sets v.r.err.
func (v *validator) floatInt(what string) int64 {
	r := &v.r
	at := r.pos
	x := r.varint(what)
	if r.err == nil && !isFloatInt(x) {
		r.pos = at
		v.fail(format.ErrCorrupt, "integral float out of range")
	}
	return x
}

// isFloatInt reports whether v lies within ±FloatIntMax, the values an
// integral float may hold.
func isFloatInt(v int64) bool { return -format.FloatIntMax <= v && v <= format.FloatIntMax }

// floatInts checks the n values of an integral-float column: its head,
// then the payload of its integer layout, every value within ±FloatIntMax.
func (v *validator) floatInts(n int) {
	lay, lo := v.floatIntHead()
	if v.r.err != nil {
		return
	}
	switch lay {
	case format.EncInt: // the zigzag forms of ±FloatIntMax are 2×FloatIntMax - 1 and 2×FloatIntMax
		v.varints(n, 2*format.FloatIntMax, "integral float")
	case format.EncIntDelta:
		v.deltas(n, format.FloatIntMax)
	default:
		v.frame(n, lo, format.FloatIntMax)
	}
}

// deltas checks the n varints of an int-delta payload whose running sums
// (wrapping, as a reader adds them) each lie within ±lim.
func (v *validator) deltas(n int, lim int64) {
	r := &v.r
	b, pos := r.b, r.pos
	acc := int64(0)
	for i := 0; i < n; i++ {
		x, m := consumeUvarintAt(b, pos)
		if m < 0 {
			r.pos, r.err = pos, varintErr(m, pos, "integral float")
			return
		}
		acc = int64(uint64(acc) + uint64(format.DecodeZigZag(x)))
		if acc < -lim || acc > lim {
			r.pos = pos
			v.fail(format.ErrCorrupt, "integral float out of range")
			return
		}
		pos += m
	}
	r.pos = pos
}

// floats checks n float cells as ConsumeFloatCell would, in a loop over
// local state (this runs on every hit of a page with a float column).
func (v *validator) floats(n int) {
	r := &v.r
	b, pos := r.b, r.pos
	for i := 0; i < n; i++ {
		// Most cells go through floatRun, a loop without calls; a cell
		// it leaves is read here, with its error if it is bad.
		took, p := floatRun(b, pos, n-i)
		if i, pos = i+took, p; i == n {
			break
		}
		if pos >= len(b) {
			r.pos = pos
			v.fail(format.ErrTruncated, "float runs past the payload")
			return
		}
		s := b[pos]
		if s == format.FloatRawSelector {
			if len(b)-pos < format.FloatRawSize {
				r.pos = pos
				v.fail(format.ErrTruncated, "float runs past the payload")
				return
			}
			if !format.ValidFloatCell(s, binary.LittleEndian.Uint64(b[pos+1:])) {
				r.pos = pos
				v.fail(format.ErrCorrupt, "invalid float cell")
				return
			}
			pos += format.FloatRawSize
			continue
		}
		var m uint64
		k := 1
		if pos+1 < len(b) && b[pos+1] < 0x80 {
			m = uint64(b[pos+1])
		} else if s&0x7F != 0x7F {
			if m, k = consumeUvarintAt(b, pos+1); k < 0 {
				r.pos = pos
				if k == format.ErrCodeTruncated {
					v.fail(format.ErrTruncated, "float runs past the payload")
				} else {
					v.fail(format.ErrCorrupt, "invalid float cell")
				}
				return
			}
		}
		if !format.ValidFloatCell(s, m) {
			r.pos = pos
			v.fail(format.ErrCorrupt, "invalid float cell")
			return
		}
		pos += 1 + k
	}
	r.pos = pos
}

// floatRun checks, from b[pos:], up to n float cells as floats does, and
// returns how many it took and where they end. It stops before the first
// cell it cannot take so, which floats then reads on its own: a cell that
// is bad, whose mantissa varint is nine bytes or more, or that starts
// within nine bytes of the end of b. Each cell is read from one 8-byte
// load after its selector, in a loop without a call, whose state stays in
// registers (see timeRun): a consumeUvarintAt call a cell cost about 70
// instructions of a float column's 130 a cell.
func floatRun(b []byte, pos, n int) (int, int) {
	i := 0
	for ; i < n && pos <= len(b)-9; i++ {
		s := b[pos]
		w := quickLoad(b, pos+1)
		if s == format.FloatRawSelector {
			if !format.ValidFloatCell(s, w) {
				break
			}
			pos += format.FloatRawSize
			continue
		}
		// A mantissa of one byte (0, and whole amounts below 128) needs
		// no gather.
		m, k := w&0x7F, 1
		if w&0x80 != 0 {
			m, k = checkedWordUvarint(w)
		}
		if k == 0 || !format.ValidFloatCell(s, m) {
			break
		}
		pos += 1 + k
	}
	return i, pos
}

// intFloats checks the n number cells of an EncIntFloat column (SPEC.md
// 5.3): each IntFloatSelector and a canonical sv, or a float cell as floats
// checks it; and that the column holds both kinds (SPEC.md 9), reported at
// the end of the payload, as it is about the column, not one cell.
func (v *validator) intFloats(n int) {
	r := &v.r
	ints, flts := false, false
	for i := 0; i < n && r.err == nil; i++ {
		if r.pos < len(r.b) && r.b[r.pos] == format.IntFloatSelector {
			r.pos++
			r.uvarint("integer")
			ints = true
			continue
		}
		v.floats(1)
		flts = true
	}
	switch {
	case r.err != nil:
	case !ints:
		v.fail(format.ErrCorrupt, "int-or-float column holds no integer")
	case !flts:
		v.fail(format.ErrCorrupt, "int-or-float column holds no float")
	}
}

func (v *validator) strIndex() {
	at := v.r.pos
	i := v.r.uvarint("string index")
	if v.r.err == nil && i >= uint64(v.l.Strings.Len()) {
		v.r.pos = at
		v.fail(format.ErrCorrupt, "string index "+utoa(i)+" out of range")
	}
}

// timeHead reads and checks what comes before a time column's cells: the
// time mode and, in TimeShared mode, the shared offset. For a text-time
// column it also returns the mode's TimeZeroPlus bit, which it strips from
// mode. On failure it sets v.r.err.
func (v *validator) timeHead(text bool) (mode byte, plus bool, off int64) {
	r := &v.r
	if r.pos >= len(r.b) {
		v.fail(format.ErrTruncated, "time mode missing")
		return 0, false, 0
	}
	mode = r.b[r.pos]
	r.pos++
	if text {
		plus = mode&format.TimeZeroPlus != 0
		mode &^= format.TimeZeroPlus
	}
	if mode >= format.TimeModes || (plus && mode == format.TimeShared) {
		r.pos--
		v.fail(format.ErrCorrupt, "unknown time mode")
		return 0, false, 0
	}
	if mode == format.TimeShared {
		off = r.varint("time offset")
		if r.err == nil && (off == 0 || off < -86399 || off > 86399 || (text && off%60 != 0)) {
			v.fail(format.ErrCorrupt, "shared time offset out of range")
		}
	}
	return mode, plus, off
}

// timeColumn checks the n cells of a time column, or of a text-time one
// (SPEC.md 5.4): offsets in whole minutes, and a zero offset among the
// per-value ones when zero offsets are written "+00:00".
func (v *validator) timeColumn(n int, text bool) {
	r := &v.r
	modeAt := r.pos
	mode, plus, off := v.timeHead(text)
	if r.err != nil {
		return
	}
	// The cells are read in a loop over local copies of the reader's state,
	// as varints does: this pass runs on every hit of a page with times.
	b, pos := r.b, r.pos
	local := int64(0)
	perValue := mode == format.TimePerValue
	if perValue {
		v.times = nil
	}
	out := v.times
	mixed := false // per-value offsets differ (else mode 0 or 1 fits: SPEC.md 5.4)
	zero := false  // some per-value offset is 0
	for i := 0; i < n; i++ {
		if !perValue {
			// Most cells go through timeRun, a loop without calls; a cell
			// it leaves is read here, with its error if it is bad.
			k, p, l := timeRun(b, pos, n-i, local, out[min(i, len(out)):])
			if i, pos, local = i+k, p, l; i == n {
				break
			}
		}
		at := pos
		var d uint64
		if pos < len(b) && b[pos] < 0x80 { // a one-byte step, without a call
			d = uint64(b[pos])
			pos++
		} else if pos+1 < len(b) && b[pos+1] < 0x80 && b[pos+1] != 0 { // two bytes (b[pos] >= 0x80)
			d = uint64(b[pos]&0x7F) | uint64(b[pos+1])<<7
			pos += 2
		} else {
			// Up to eight bytes from one load without a call (a step of
			// hours, or a column's first seconds); anything else, faults
			// included, through consumeUvarintAt.
			var m int
			if pos <= len(b)-8 {
				d, m = checkedWordUvarint(quickLoad(b, pos))
			}
			if m == 0 {
				if d, m = consumeUvarintAt(b, pos); m < 0 {
					r.pos, r.err = pos, varintErr(m, pos, "time seconds")
					return
				}
			}
			pos += m
		}
		local += format.DecodeZigZag(d)
		var frac uint64
		if pos < len(b) && b[pos] < 0x80 {
			frac = uint64(b[pos])
			pos++
		} else if pos+1 < len(b) && b[pos+1] < 0x80 && b[pos+1] != 0 { // milliseconds
			frac = uint64(b[pos]&0x7F) | uint64(b[pos+1])<<7
			pos += 2
		} else if w, m := fracLoad(b, pos); m <= 8 && w>>(8*(m-1))&0xFF != 0 {
			// Microseconds and nanoseconds (four and five bytes) from
			// one load, inline: a consumeUvarintAt call cost about 40
			// instructions a cell. m is 2 or more (b[pos] >= 0x80); a
			// longer, cut or non-minimal varint goes on below.
			frac = gather7(w & (^uint64(0) >> (64 - 8*m)))
			pos += m
		} else {
			var m int
			if frac, m = consumeUvarintAt(b, pos); m < 0 {
				r.pos, r.err = pos, varintErr(m, pos, "time fraction")
				return
			}
			pos += m
		}
		if perValue {
			// The offset as the seconds: from one load when it can.
			var u uint64
			var m int
			if pos <= len(b)-8 {
				u, m = checkedWordUvarint(quickLoad(b, pos))
			}
			if m == 0 {
				if u, m = consumeUvarintAt(b, pos); m < 0 {
					r.pos, r.err = pos, varintErr(m, pos, "time offset")
					return
				}
			}
			pos += m
			o := format.DecodeZigZag(u)
			mixed = mixed || (i > 0 && o != off)
			zero = zero || o == 0
			off = o
		}
		if !timeCellValid(local, frac, off) || (text && off%60 != 0) {
			r.pos = at
			v.fail(format.ErrCorrupt, "timestamp out of range")
			return
		}
		if i < len(out) {
			out[i] = keptTime(local, frac, pos-at)
		}
	}
	if perValue && !mixed {
		r.pos = modeAt
		v.fail(format.ErrCorrupt, "time mode 2 with every offset equal (mode 0 or 1 fits)")
		return
	}
	if perValue && plus && !zero {
		r.pos = modeAt
		v.fail(format.ErrCorrupt, "text-time mode 6 without a zero offset (mode 2 fits)")
		return
	}
	r.pos = pos
}

// fracLoad returns the eight bytes at b[pos:] and the length of the
// varint they start with (9 when none of them ends it, or when fewer than
// eight bytes are left), for timeColumn's inline read of long fractions.
// It inlines.
func fracLoad(b []byte, pos int) (uint64, int) {
	if uint(pos)+8 > uint(len(b)) {
		return 0, 9
	}
	w := binary.LittleEndian.Uint64(b[pos:])
	return w, bits.TrailingZeros64(^w&jsonwire.SWARHi)>>3 + 1
}

// twoByteLim returns, for varints of at most max (0x7F or more), the
// bytes twoByteRun adds to the second byte of each two-byte varint so
// that its high bit is set when the varint may exceed max: 0x80 - max>>7
// in each byte, up to the 0x80 - 0x80 = 0 of a max of 0x4000 or more,
// which every two-byte varint meets. A second byte below max>>7 puts the
// varint below max>>7<<7 <= max; one at max>>7 or above is left to the
// exact test of varints' loop.
func twoByteLim(max uint64) uint64 {
	return (0x80 - min(max>>7, 0x80)) * 0x0101010101010101
}

// twoByteRun reads the varints that w, the eight bytes at a varint's
// start, begins with, as far as they are all minimal and of one or two
// bytes, each two-byte one with a second byte that lim (twoByteLim) finds
// below the bound. It returns the high bits of the bytes that end them
// (none when the first is not such a varint); each byte below 0x80 ends
// one, and the caller must know one-byte values in range. A varint of
// three bytes or more, a non-minimal one (a zero byte after a
// continuation byte), one that may be out of range and one that runs
// past the word end the run: the caller reads them on its own. Cost:
// about 15 instructions for up to eight varints, with no branch.
func twoByteRun(w, lim uint64) uint64 {
	stops := ^w & jsonwire.SWARHi // the bytes that end a varint
	after := w & jsonwire.SWARHi << 8
	low := w &^ jsonwire.SWARHi
	zero := stops &^ (low + 0x7F7F7F7F7F7F7F7F) // bytes of 0x00
	bad := after & (w | zero | (low + lim))
	return stops & (bad&-bad - 1)
}

// varints checks n minimal uvarints, each at most max, in a tight loop.
func (v *validator) varints(n int, max uint64, what string) {
	r := &v.r
	b := r.b
	pos := r.pos
	// The varints of one and two bytes that a word starts with are taken
	// from one load: a run of one-byte ones in range on its own, which
	// costs the fewest instructions, and, with every one-byte value in
	// range (wide), twoByteRun's (the frame offsets of ids, string
	// indexes past 127). A one-byte value is at most max when adding
	// over, 0x7F - max in each byte (0 when max >= 0x7F), leaves its high
	// bit clear: so the string indexes of a table of fewer than 128
	// strings take one load a word too.
	wide := max >= 0x7F
	over := (0x7F - min(max, 0x7F)) * 0x0101010101010101
	lim := twoByteLim(max)
	for i := 0; i < n; i++ {
		if pos+8 <= len(b) {
			w := jsonwire.Load64(b, pos)
			if k := bits.TrailingZeros64((w|(w&0x7F7F7F7F7F7F7F7F+over))&jsonwire.SWARHi) >> 3; k > 0 {
				k = min(k, n-i)
				pos += k
				i += k - 1
				continue
			}
			// twoByteRun's, unless the first varint has three bytes or
			// more (a second byte of 0x80 or more), which it would only
			// reject.
			if wide && w&0x8000 == 0 {
				if ends := twoByteRun(w, lim); ends != 0 {
					k := bits.OnesCount64(ends)
					for ; k > n-i; k-- { // the column's last cells: no further
						ends &^= 1 << (63 - bits.LeadingZeros64(ends))
					}
					pos += (63-bits.LeadingZeros64(ends))>>3 + 1
					i += k - 1
					continue
				}
			}
		}
		if pos < len(b) && b[pos] < 0x80 {
			if uint64(b[pos]) > max {
				r.pos = pos
				v.fail(format.ErrCorrupt, what+" out of range")
				return
			}
			pos++
			continue
		}
		// A minimal two-byte varint (frame offsets, string indexes past
		// 127) without a call; anything else, faults included, below.
		if pos+1 < len(b) && b[pos+1] < 0x80 && b[pos+1] != 0 {
			if x := uint64(b[pos]&0x7F) | uint64(b[pos+1])<<7; x <= max {
				pos += 2
				continue
			}
		}
		// Three to eight bytes (ids, times in seconds) from one load;
		// anything else, faults included, through consumeUvarintAt,
		// which cost about 75 instructions a varint.
		if pos+8 <= len(b) {
			if x, m := uvarint8(jsonwire.Load64(b, pos)); m != 0 && x <= max {
				pos += m
				continue
			}
		}
		x, m := consumeUvarintAt(b, pos)
		if m < 0 {
			r.pos = pos
			r.err = varintErr(m, pos, what)
			return
		}
		if x > max {
			r.pos = pos
			v.fail(format.ErrCorrupt, what+" out of range")
			return
		}
		pos += m
	}
	r.pos = pos
}

// timeCellValid checks a decoded time cell.
func timeCellValid(local int64, frac uint64, off int64) bool {
	if frac > 9_999_999_999 || off < -86399 || off > 86399 {
		return false
	}
	ts := format.Timestamp{Local: local, Frac: uint32(frac / 10), Digits: uint8(frac % 10), Offset: int32(off)}
	return ts.Valid()
}

// taggedTimeValid reports whether a time value of tag TagTime, TagTextTime
// or TagTextTimePlus is within range: a text time's offset is in whole
// minutes, and 0 for TagTextTimePlus.
func taggedTimeValid(tag byte, local int64, frac uint64, off int64) bool {
	switch tag {
	case format.TagTextTime:
		return off%60 == 0 && timeCellValid(local, frac, off)
	case format.TagTextTimePlus:
		return off == 0 && timeCellValid(local, frac, off)
	}
	return timeCellValid(local, frac, off)
}

// value checks one tagged value at nesting depth d.
func (v *validator) value(d int) {
	r := &v.r
	if r.pos >= len(r.b) {
		v.fail(format.ErrTruncated, "tagged value missing")
		return
	}
	tag := r.b[r.pos]
	r.pos++
	switch tag {
	case format.TagNull, format.TagFalse, format.TagTrue:
	case format.TagInt:
		r.varint("integer")
	case format.TagUint:
		if r.uvarint("unsigned integer") <= math.MaxInt64 && r.err == nil {
			v.fail(format.ErrCorrupt, "uint tag for a value that fits int64")
		}
	case format.TagFloat:
		v.floats(1)
	case format.TagFloatInt:
		v.floatInt("integral float")
	case format.TagString:
		v.strIndex()
	case format.TagTime, format.TagTextTime, format.TagTextTimePlus:
		at := r.pos
		local := r.varint("time seconds")
		frac := r.uvarint("time fraction")
		off := r.varint("time offset")
		if r.err == nil && !taggedTimeValid(tag, local, frac, off) {
			r.pos = at
			v.fail(format.ErrCorrupt, "timestamp out of range")
		}
	case format.TagBytes:
		r.blob("byte string", v.l.maxStr)
	case format.TagNumber:
		at := r.pos
		t := r.blob("number", v.l.maxStr)
		if r.err == nil && !format.ValidNumber(t) {
			r.pos = at
			v.fail(format.ErrCorrupt, "invalid JSON number text")
		}
	case format.TagRaw:
		at := r.pos
		t := r.blob("raw JSON", v.l.maxStr)
		if r.err != nil {
			break
		}
		// Depth first: json.Valid gives up past 10,000 levels.
		depth, compact := jsonwire.JSONDepth(t)
		switch {
		case compact && depth > v.l.depth-d:
			r.pos = at
			v.fail(format.ErrLimit, "raw JSON nesting exceeds MaxDepth")
		case !compact || !json.Valid(t):
			r.pos = at
			v.fail(format.ErrCorrupt, "raw JSON text is not valid compact JSON")
		}
	case format.TagArray, format.TagObject:
		if d >= v.l.depth {
			v.fail(format.ErrLimit, "nesting exceeds MaxDepth")
			return
		}
		cnt := r.uvarint("element count")
		if r.err != nil {
			return
		}
		if cnt > uint64(len(r.b)-r.pos) {
			v.fail(format.ErrCorrupt, "element count exceeds the bytes left")
			return
		}
		for i := 0; i < int(cnt) && r.err == nil; i++ {
			if tag == format.TagObject {
				v.strIndex()
			}
			v.value(d + 1)
		}
	default:
		r.pos--
		if tag > format.TagMax {
			v.fail(format.ErrUnsupported, "unknown value tag "+itoa(int(tag)))
		} else {
			v.fail(format.ErrCorrupt, "invalid value tag")
		}
	}
}

// anyColumn checks the n cells of an any column. A cell may be a repeat
// (TagRepeat, SPEC.md 5.5): the payload offset of an earlier array or
// object cell of the column, which is not a repeat itself. Each repeat adds
// the length of the cell it names to the page's expansion (l.expand), which
// with the page's size must stay within MaxPageBytes (SPEC.md 8). The
// cells between repeats are checked in one walk of quickRun (see
// quickWalk's column), and a cell it gives up on by value. Cost: one entry
// of scratch per array or object cell, a binary search per repeat of a
// cell not in the memo of the cells repeats named last.
func (v *validator) anyColumn(n int) {
	r := &v.r
	v.nstr = uint64(v.l.Strings.Len())
	lims := newStrLims(v.nstr)
	var memo [repeatMemo]uint32 // at off%repeatMemo: 1 + the index in cells of the cell at off a repeat named last, or 0
	// The walk, reused from cell to cell: a local, not the validator's.
	w := &quickWalk{cells: v.l.anyCells[:0]}
	room := min(v.l.depth-1, quickStack)
	// The loop keeps its place in pos, and sets r.pos only to hand a
	// cell to value or a fault to fail.
	b, pos := r.b, r.pos
loop:
	for next := n; next > 0; { // next: the cells not yet started
		at := pos
		if at >= len(b) {
			r.pos = at
			v.value(1) // reports the missing value
			break
		}
		if b[at] == format.TagRepeat {
			// The offset read in line when it is canonical (at most eight
			// bytes from one load, a call for the last bytes); else
			// through the reader, which reports the fault.
			off, m := quickUvarint(b, at+1)
			if m > 0 {
				pos = at + 1 + m
			} else {
				r.pos = at + 1
				off = r.uvarint("repeat offset")
				if r.err != nil {
					break
				}
				pos = r.pos
			}
			// A page repeats a few cells many times: the memo finds a
			// cell named before without the binary search.
			cells := w.cells
			h := &memo[off%repeatMemo]
			k := int(*h) - 1
			if k < 0 || uint64(cells[k].off) != off {
				var ok bool
				if k, ok = findCell(cells, off); !ok {
					r.pos = at
					v.fail(format.ErrCorrupt, "repeat names no earlier array or object cell of its column")
					break
				}
				*h = uint32(k + 1)
			}
			v.l.expand += int(cells[k].n)
			if v.l.expand > v.l.maxPage-v.l.plainLen() {
				r.pos = at
				v.fail(format.ErrLimit, "repeated cells expand the page past MaxPageBytes")
				break
			}
			next--
			continue
		}
		// quickRun reads this cell and the cells after it up to the next
		// repeat, handing quickElem what it leaves.
		w.open, w.left, w.obj, w.at, w.next = 0, 1, false, at, next-1
		if len(w.cells) == cap(w.cells) {
			w.cells = slices.Grow(w.cells, 1) // room for this cell (quickRun appends within cap)
		}
		for {
			if pos = quickRun(b, pos, lims, room, w); w.left == 0 {
				break
			}
			if pos = v.quickElem(b, pos, 1, v.l.depth-1, w); pos < 0 {
				// The cell at w.at is bad, or holds what quickValue
				// leaves to value: value finds the fault or reads it.
				at = w.at
				r.pos = at
				if v.value(1); r.err != nil {
					break loop
				}
				pos = r.pos
				if b[at] == format.TagArray || b[at] == format.TagObject {
					w.cells = append(w.cells, anyCell{off: uint32(at), n: uint32(pos - at)})
				}
				break
			}
		}
		next = w.next
	}
	if r.err == nil {
		r.pos = pos
	}
	v.l.anyCells = w.cells[:0]
}

// repeatMemo is how many cells anyColumn remembers by offset (a direct
// map) for the repeats that name them again.
const repeatMemo = 64

// anyCell is an array or object cell of an any column: its payload offset
// and length.
type anyCell struct{ off, n uint32 }

// findCell returns the index of the cell at payload offset off among cells,
// which are in payload order.
func findCell(cells []anyCell, off uint64) (int, bool) {
	lo, hi := 0, len(cells)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if uint64(cells[m].off) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(cells) && uint64(cells[lo].off) == off
}
