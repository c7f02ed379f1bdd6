package jsonbridge

import "sync"

// chunkPool holds WriteJSON's buffers.
var chunkPool = sync.Pool{New: func() any {
	b := make([]byte, 0, chunkSize+chunkSize/2)
	return &b
}}
