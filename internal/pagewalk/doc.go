// Package pagewalk reads a page with every accessor of rowpage.Row and
// rowpage.Elems, on every cell and every nested element, and checks what
// must hold of any page Open accepted. It serves the tests that feed the
// readers hostile pages: the fuzz targets (package fuzz), which require the
// checks to pass, and the allocation bound (alloc_bound_test.go), which
// measures what the walk costs.
package pagewalk
