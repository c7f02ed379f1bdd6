//go:build !purego

#include "textflag.h"
#include "bytes32_amd64.h"

// The constants of classMasksAVX2, each byte repeated over 32 bytes, so
// that a comparison reads its constant from memory instead of setting up
// a register first (three instructions each).
BYTES32(cm20, 0x2020202020202020)
BYTES32(cm22, 0x2222222222222222)
BYTES32(cm5c, 0x5C5C5C5C5C5C5C5C)
BYTES32(cm02, 0x0202020202020202)
BYTES32(cm3e, 0x3E3E3E3E3E3E3E3E)
BYTES32(cm26, 0x2626262626262626)

// func classMasksAVX2(p unsafe.Pointer) (esc, html, high uint64)
//
// The class masks of the 64 bytes at p (see classmasks.go), thirty-two
// bytes a half: esc marks bytes below 0x20 as signed bytes (controls, and
// every byte from 0x80, which high marks too), '"' and '\'; html marks
// '<' and '>' (b|0x02 == 0x3E holds for those two only) and '&'; high is
// the bytes' top bits. VEX instructions only, then VZEROUPPER.
TEXT ·classMasksAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU cm20<>(SB), Y8 // the one constant a comparison cannot read from memory

	// esc
	VPCMPGTB Y0, Y8, Y2          // 0x20 > byte, signed
	VPCMPEQB cm22<>(SB), Y0, Y3  // '"'
	VPCMPEQB cm5c<>(SB), Y0, Y4  // '\'
	VPOR     Y3, Y2, Y2
	VPOR     Y4, Y2, Y2
	VPCMPGTB Y1, Y8, Y5
	VPCMPEQB cm22<>(SB), Y1, Y6
	VPCMPEQB cm5c<>(SB), Y1, Y7
	VPOR     Y6, Y5, Y5
	VPOR     Y7, Y5, Y5
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, esc+8(FP)

	// html
	VPOR     cm02<>(SB), Y0, Y2
	VPCMPEQB cm3e<>(SB), Y2, Y2 // '<' or '>'
	VPCMPEQB cm26<>(SB), Y0, Y3 // '&'
	VPOR     Y3, Y2, Y2
	VPOR     cm02<>(SB), Y1, Y5
	VPCMPEQB cm3e<>(SB), Y5, Y5
	VPCMPEQB cm26<>(SB), Y1, Y6
	VPOR     Y6, Y5, Y5
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, html+16(FP)

	// high
	VPMOVMSKB Y0, AX
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, high+24(FP)

	VZEROUPPER
	RET
