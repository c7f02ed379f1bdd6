package sqlpage

import (
	"database/sql"
	"slices"
	"strconv"
	"strings"

	"github.com/rowpage/rowpage"
)

// sqlColumn is one column of a result and how its cells are written.
type sqlColumn struct {
	src  int    // the cell it reads: its position in the select list
	name string // the driver's column name
	key  string // the page's key: name, or a renamed duplicate
	kind sqlKind
	elem sqlKind // kindSQLArray: the elements' kind
	skip bool    // DuplicatesLast: a later column of the same name wins
	ci   int32   // the page's column, from the first row on
}

// plan reads the result's columns and decides, once per result, each
// column's key and kind and the order in which keys are written.
func (s *sqlState) plan(m *SQLMode, rows *sql.Rows) error {
	names, err := rows.Columns()
	if err != nil {
		return err
	}
	types, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	n := len(names)
	s.cells = slices.Grow(s.cells[:0], n)[:n]
	s.dests = slices.Grow(s.dests[:0], n)[:n]
	s.cols = slices.Grow(s.cols[:0], n)[:n]
	for i := range n {
		s.dests[i] = &s.cells[i]
		c := sqlColumn{src: i, name: names[i], key: names[i]}
		if i < len(types) {
			c.kind, c.elem = sqlKindOf(types[i].DatabaseTypeName())
		}
		s.cols[i] = c
	}
	if err := s.keys(m.dups); err != nil {
		return err
	}
	s.order = s.order[:0]
	for i := range s.cols {
		if !s.cols[i].skip {
			s.order = append(s.order, i)
		}
	}
	if m.sortKeys {
		slices.SortStableFunc(s.order, func(a, b int) int { return strings.Compare(s.cols[a].key, s.cols[b].key) })
	}
	return nil
}

// keys applies the duplicate-name policy, with the pooled name index.
func (s *sqlState) keys(policy Duplicates) error {
	if s.seen == nil {
		s.seen = make(map[string]int)
	}
	seen := s.seen
	clear(seen)
	cols := s.cols
	for i := range cols {
		first, dup := seen[cols[i].name]
		if !dup {
			seen[cols[i].name] = i
			continue
		}
		switch policy {
		case DuplicatesError:
			return &rowpage.Error{Err: rowpage.ErrDuplicateKey, Msg: "column " + strconv.Quote(cols[i].name) + " appears at " +
				strconv.Itoa(first) + " and " + strconv.Itoa(i) + " in the select list; alias one or set SQLOptions.Duplicates",
				Offset: -1, Row: -1, Column: i, ColumnName: cols[i].name}
		case DuplicatesLast:
			// The first column keeps its position and reads this one's
			// cell; this one is not written.
			cols[first].src, cols[first].kind, cols[first].elem = cols[i].src, cols[i].kind, cols[i].elem
			cols[i].skip = true
		case DuplicatesNumber:
			for k := 2; ; k++ {
				key := cols[i].name + "_" + strconv.Itoa(k)
				if _, taken := seen[key]; !taken && !s.isName(key) {
					cols[i].key = key
					seen[key] = i
					break
				}
			}
		}
	}
	clear(seen)
	return nil
}

// isName reports whether the select list has a column named key.
func (s *sqlState) isName(key string) bool {
	for i := range s.cols {
		if s.cols[i].name == key {
			return true
		}
	}
	return false
}
