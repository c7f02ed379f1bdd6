package rowpage

import (
	"strconv"

	"github.com/rowpage/rowpage/format"
	"github.com/rowpage/rowpage/internal/pagebuild"
)

// builderStream is a Builder seen as a pagebuild.Stream: the steps of its
// state machine that SQL ingestion takes when it writes cells straight into
// the page's columns (see pagebuild.Stream for each method's contract).
type builderStream Builder

func init() {
	pagebuild.StreamOf = func(b any) pagebuild.Stream { return (*builderStream)(b.(*Builder)) }
}

func (s *builderStream) Page() *pagebuild.Builder {
	b := (*Builder)(s)
	if b.e == nil { // the zero Builder uses the default options
		b.e = defaultEncMode.NewEncoder()
	}
	return &b.e.b
}

func (s *builderStream) KeyIndex(ci int32) {
	b := (*Builder)(s)
	if !b.ok() {
		return
	}
	if !b.inRow || b.haveKey || len(b.stack) > 0 {
		b.fail("Key outside a row or after another key")
		return
	}
	c, fresh := b.e.b.Use(ci)
	if !fresh {
		k := b.e.b.In.Strs[c.Name]
		b.setErr(&Error{Err: ErrDuplicateKey, Msg: "duplicate key " + strconv.Quote(k), Offset: -1, Row: -1, Column: -1, ColumnName: k})
		return
	}
	b.col = c
	b.haveKey = true
}

func (s *builderStream) SetColumn(c *pagebuild.Column) { s.col, s.haveKey = c, true }

func (s *builderStream) Float32(v float64) { (*Builder)(s).float(v, 32) }

func (s *builderStream) CheckedNumber(text string) { (*Builder)(s).number(text) }

func (s *builderStream) EndSameRow() {
	b := (*Builder)(s)
	if !b.ok() {
		return
	}
	if !b.inRow || b.haveKey || len(b.stack) > 0 || b.kind != format.KindRows || b.e.b.Last == 0 {
		b.fail("endSameRow without a complete row after another")
		return
	}
	b.e.b.RepeatRow()
	b.inRow = false
}

func (s *builderStream) SameRows(n int) {
	b := (*Builder)(s)
	if !b.ok() {
		return
	}
	if b.inRow || len(b.stack) > 0 || b.kind != format.KindRows || b.e.b.Last == 0 {
		b.fail("SameRows inside a row or without a row before")
		return
	}
	b.e.b.RepeatRows(n)
}

func (s *builderStream) Release() {
	b := (*Builder)(s)
	if b.e != nil {
		b.e.release()
	}
	b.err = nil
}
