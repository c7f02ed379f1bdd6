//go:build !purego

#include "textflag.h"
#include "escclasses_amd64.h"

// The bytes quoteShortAVX2 stops at (escclasses_amd64.h): by low nibble
// (shortlow) and high nibble (shorthigh, one table a mode: HTML escaping
// off, then on); a byte whose two lookups share a bit needs an escape.
// VPSHUFB gives 0 for a byte from 0x80, which the kernel finds by its top
// bit instead.
ESCAPE_LOW(shortlow)
ESCAPE_HIGH_BY_MODE(shorthigh)
LOW_NIBBLE_MASK(shortnib)

// func quoteShortAVX2(dst unsafe.Pointer, o int, src unsafe.Pointer, n int, esc *[128]uint64, html bool) (out, in int)
//
// Writes the n bytes at src into dst from o on as AppendQuoted writes
// them within the quotes, thirty-two bytes a block, up to the end or the
// first byte from 0x80: each block is stored whole, then each of its
// stops (a byte below 0x20, '"' or '\', and '<', '>' or '&' when html) is
// written over with its escape from esc (its bytes, its length in the
// top byte) as one word, and the 32 bytes of src after the stop stored
// after the escape. out is o plus the bytes written, in the index of src
// reached (n, or the byte from 0x80). It reads up to src+n+31 and writes
// up to dst+o+6n+32. DI+p is where src[p] goes: DI moves on by the bytes
// each escape adds. VEX instructions only, then VZEROUPPER.
TEXT ·quoteShortAVX2(SB), NOSPLIT, $0-64
	MOVQ           dst+0(FP), R8
	MOVQ           o+8(FP), DI
	ADDQ           R8, DI
	MOVQ           src+16(FP), SI
	MOVQ           n+24(FP), BX
	MOVQ           esc+32(FP), R11
	MOVBLZX        html+40(FP), DX
	SHLQ           $4, DX
	LEAQ           shorthigh<>(SB), R9
	VBROADCASTI128 (R9)(DX*1), Y12
	VBROADCASTI128 shortlow<>(SB), Y11
	VBROADCASTI128 shortnib<>(SB), Y13
	VPXOR          Y15, Y15, Y15
	XORQ           AX, AX
	JMP            qscond

qsblock:
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   Y0, (DI)(AX*1)
	VPSRLW    $4, Y0, Y1
	VPAND     Y13, Y1, Y1
	VPSHUFB   Y1, Y12, Y1
	VPSHUFB   Y0, Y11, Y2
	VPAND     Y2, Y1, Y1
	VPCMPEQB  Y15, Y1, Y1
	VPMOVMSKB Y1, R9
	NOTL      R9          // the escapes
	VPMOVMSKB Y0, R10     // the bytes from 0x80
	ORL       R10, R9
	MOVQ      BX, CX
	SUBQ      AX, CX      // the bytes left
	CMPQ      CX, $32
	JAE       qsstops
	MOVL      $1, R10
	SHLL      CL, R10
	DECL      R10
	ANDL      R10, R9     // none past n
qsstops:
	TESTL     R9, R9
	JZ        qsnext

qsstop:
	BSFL    R9, CX
	ADDQ    AX, CX            // the stop
	MOVBLZX (SI)(CX*1), R10
	CMPL    R10, $0x80
	JAE     qshigh
	MOVQ    (R11)(R10*8), R10 // its escape
	MOVQ    R10, (DI)(CX*1)
	SHRQ    $56, R10
	LEAQ    -1(DI)(R10*1), DI
	VMOVDQU 1(SI)(CX*1), Y3
	VMOVDQU Y3, 1(DI)(CX*1)
	LEAL    -1(R9), R10
	ANDL    R10, R9
	JNZ     qsstop

qsnext:
	ADDQ $32, AX

qscond:
	CMPQ AX, BX
	JB   qsblock
	MOVQ BX, CX

qshigh:
	VZEROUPPER
	MOVQ CX, in+56(FP)
	ADDQ CX, DI
	SUBQ R8, DI
	MOVQ DI, out+48(FP)
	RET
