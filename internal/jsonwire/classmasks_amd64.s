//go:build !purego

#include "textflag.h"

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

	MOVQ $0x2020202020202020, DX
	VMOVQ DX, X8
	VPBROADCASTQ X8, Y8
	MOVQ $0x2222222222222222, DX
	VMOVQ DX, X9
	VPBROADCASTQ X9, Y9
	MOVQ $0x5C5C5C5C5C5C5C5C, DX
	VMOVQ DX, X10
	VPBROADCASTQ X10, Y10
	MOVQ $0x0202020202020202, DX
	VMOVQ DX, X11
	VPBROADCASTQ X11, Y11
	MOVQ $0x3E3E3E3E3E3E3E3E, DX
	VMOVQ DX, X12
	VPBROADCASTQ X12, Y12
	MOVQ $0x2626262626262626, DX
	VMOVQ DX, X13
	VPBROADCASTQ X13, Y13

	// esc
	VPCMPGTB Y0, Y8, Y2  // 0x20 > byte, signed
	VPCMPEQB Y0, Y9, Y3  // '"'
	VPCMPEQB Y0, Y10, Y4 // '\'
	VPOR     Y3, Y2, Y2
	VPOR     Y4, Y2, Y2
	VPCMPGTB Y1, Y8, Y5
	VPCMPEQB Y1, Y9, Y6
	VPCMPEQB Y1, Y10, Y7
	VPOR     Y6, Y5, Y5
	VPOR     Y7, Y5, Y5
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y5, BX
	SHLQ $32, BX
	ORQ  BX, AX
	MOVQ AX, esc+8(FP)

	// html
	VPOR     Y0, Y11, Y2
	VPCMPEQB Y2, Y12, Y2 // '<' or '>'
	VPCMPEQB Y0, Y13, Y3 // '&'
	VPOR     Y3, Y2, Y2
	VPOR     Y1, Y11, Y5
	VPCMPEQB Y5, Y12, Y5
	VPCMPEQB Y1, Y13, Y6
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
