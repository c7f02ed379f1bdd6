//go:build !purego

#include "textflag.h"
#include "escclasses_amd64.h"

// The bytes quoteStopsAVX2 stops at (escclasses_amd64.h): by low nibble
// (stoplow) and high nibble (stophigh, one table a mode: HTML escaping
// off, then on); a byte whose two lookups share a bit is one. VPSHUFB
// gives 0 for a byte from 0x80 (its index's top bit), so such a byte never
// stops.
ESCAPE_LOW(stoplow)
ESCAPE_HIGH_BY_MODE(stophigh)
LOW_NIBBLE_MASK(stopnib)

// func quoteStopsAVX2(dst, p unsafe.Pointer, i, n, slack int, html bool) (k, o, r int, high bool)
//
// Writes the n bytes at p (n >= 32), from i on, into dst as AppendQuoted
// writes them within the quotes, for as long as they need no escape other
// than that of an ASCII byte: thirty-two bytes a step, each block stored
// whole to dst and then tested for bytes below 0x20, '"' or '\' (and '<',
// '>' or '&' when html); the escape of such a byte, from escapeWords (its
// bytes, its length in the top byte), is stored as one word, and the next
// block read from the byte after it. Bytes from 0x80 do not stop it, but
// it returns at the first stop (or the end) after a run that holds one,
// so that the caller can check that run (r, the run's start, and high,
// set) and write the escape itself; it also returns at a stop whose escape
// would take more than slack bytes of dst beyond the copy (high clear). k
// is where it stopped (n, or a stop the caller escapes), o the bytes
// written to dst. dst must have room for n-i+32+slack bytes: stores may
// write up to 31 bytes past o. Fewer than 32 bytes left are read as the
// last 32 bytes of p, whose bytes from AX on go through a 64-byte scratch
// on the stack to be stored at o whole; the mode's escapes are kept at
// 64(SP). DI+AX is where p[AX] goes: DI
// moves on by the bytes each escape adds. VEX instructions only, then
// VZEROUPPER.
TEXT ·quoteStopsAVX2(SB), NOSPLIT, $72-73
	MOVQ dst+0(FP), R12
	MOVQ p+8(FP), SI
	MOVQ i+16(FP), AX
	MOVQ n+24(FP), BX
	MOVQ slack+32(FP), R13
	MOVBLZX html+40(FP), DX
	MOVQ DX, R9
	SHLQ $10, R9 // 128 words a mode
	LEAQ ·escapeWords(SB), R10
	ADDQ R9, R10
	MOVQ R10, 64(SP) // the mode's escapes
	SHLQ $4, DX
	LEAQ stophigh<>(SB), R9
	VBROADCASTI128 (R9)(DX*1), Y12
	VBROADCASTI128 stoplow<>(SB), Y11
	VBROADCASTI128 stopnib<>(SB), Y13
	MOVQ  R12, DI
	SUBQ  AX, DI        // DI+AX: where p[AX] goes
	MOVQ  AX, R14       // r
	LEAQ  -32(BX), DX   // the start of the last block
	VPXOR Y14, Y14, Y14 // the top bits of the run's blocks passed
	CMPQ  AX, DX
	JA    qtail

qloop:
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU Y0, (DI)(AX*1)
	VPSRLW  $4, Y0, Y1
	VPAND   Y13, Y1, Y1
	VPSHUFB Y1, Y12, Y1
	VPSHUFB Y0, Y11, Y2
	VPTEST  Y2, Y1
	JNZ     qfound0
	VPOR    Y0, Y14, Y14
	ADDQ    $32, AX
	CMPQ    AX, DX
	JBE     qloop

qtail:
	// Fewer than 32 bytes left: the last 32, the first R8 of them passed.
	CMPQ    AX, BX
	JAE     qdone
	MOVQ    AX, R8
	SUBQ    DX, R8
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU Y0, 0(SP)
	VPXOR   Y1, Y1, Y1
	VMOVDQU Y1, 32(SP)  // no stale stack bytes in dst's spare room
	VMOVDQU (SP)(R8*1), Y1
	VMOVDQU Y1, (DI)(AX*1)
	MOVQ    DX, R11
	VPSRLW  $4, Y0, Y1
	VPAND   Y13, Y1, Y1
	VPSHUFB Y1, Y12, Y1
	VPSHUFB Y0, Y11, Y2
	JMP     qfound

qfound0:
	XORQ R8, R8
	MOVQ AX, R11

qfound:
	// The block at R11 (Y0), its first R8 bytes passed, its stop classes
	// in Y1 and Y2.
	VPAND     Y2, Y1, Y1
	VPXOR     Y3, Y3, Y3
	VPCMPEQB  Y3, Y1, Y1
	VPMOVMSKB Y1, R9
	NOTL      R9      // the stops
	VPMOVMSKB Y0, R10 // the bytes from 0x80
	MOVQ      R8, CX
	MOVL      $-1, R8
	SHLL      CL, R8  // the bytes from AX on
	ANDL      R8, R9
	ANDL      R8, R10
	TESTL     R9, R9
	JZ        qend
	BSFL      R9, CX
	LEAQ      (R11)(CX*1), AX // the stop
	MOVL      $1, R8
	SHLL      CL, R8
	DECL      R8
	ANDL      R8, R10 // the bytes from 0x80 before the stop
	VPMOVMSKB Y14, R8
	ORL       R8, R10
	JNZ       qhigh
	MOVBLZX   (SI)(AX*1), R8
	MOVQ      64(SP), R9
	MOVQ      (R9)(R8*8), R9 // the escape
	MOVQ      R9, R10
	SHRQ      $56, R10
	DECQ      R10             // the bytes it adds
	CMPQ      R10, R13
	JA        qlow
	SUBQ      R10, R13
	MOVQ      R9, (DI)(AX*1)
	ADDQ      R10, DI
	INCQ      AX
	MOVQ      AX, R14
	VPXOR     Y14, Y14, Y14
	CMPQ      AX, DX
	JBE       qloop
	JMP       qtail

qend:
	// The last block holds no stop from AX on: the rest is written.
	MOVQ      BX, AX
	VPMOVMSKB Y14, R8
	ORL       R8, R10
	JNZ       qhigh
	JMP       qlow

qdone:
	VPMOVMSKB Y14, R10
	TESTL     R10, R10
	JNZ       qhigh

qlow:
	MOVB $0, high+72(FP)
	JMP  qret

qhigh:
	MOVB $1, high+72(FP)

qret:
	VZEROUPPER
	MOVQ AX, k+48(FP)
	ADDQ AX, DI
	SUBQ R12, DI
	MOVQ DI, o+56(FP)
	MOVQ R14, r+64(FP)
	RET
