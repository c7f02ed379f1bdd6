//go:build !purego

#include "textflag.h"

// The constants of classMasksAVX2, each byte repeated over 32 bytes, so
// that a comparison reads its constant from memory instead of setting up
// a register first (three instructions each).
DATA cm20<>+0(SB)/8, $0x2020202020202020
DATA cm20<>+8(SB)/8, $0x2020202020202020
DATA cm20<>+16(SB)/8, $0x2020202020202020
DATA cm20<>+24(SB)/8, $0x2020202020202020
GLOBL cm20<>(SB), RODATA|NOPTR, $32
DATA cm22<>+0(SB)/8, $0x2222222222222222
DATA cm22<>+8(SB)/8, $0x2222222222222222
DATA cm22<>+16(SB)/8, $0x2222222222222222
DATA cm22<>+24(SB)/8, $0x2222222222222222
GLOBL cm22<>(SB), RODATA|NOPTR, $32
DATA cm5c<>+0(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA cm5c<>+8(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA cm5c<>+16(SB)/8, $0x5C5C5C5C5C5C5C5C
DATA cm5c<>+24(SB)/8, $0x5C5C5C5C5C5C5C5C
GLOBL cm5c<>(SB), RODATA|NOPTR, $32
DATA cm02<>+0(SB)/8, $0x0202020202020202
DATA cm02<>+8(SB)/8, $0x0202020202020202
DATA cm02<>+16(SB)/8, $0x0202020202020202
DATA cm02<>+24(SB)/8, $0x0202020202020202
GLOBL cm02<>(SB), RODATA|NOPTR, $32
DATA cm3e<>+0(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA cm3e<>+8(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA cm3e<>+16(SB)/8, $0x3E3E3E3E3E3E3E3E
DATA cm3e<>+24(SB)/8, $0x3E3E3E3E3E3E3E3E
GLOBL cm3e<>(SB), RODATA|NOPTR, $32
DATA cm26<>+0(SB)/8, $0x2626262626262626
DATA cm26<>+8(SB)/8, $0x2626262626262626
DATA cm26<>+16(SB)/8, $0x2626262626262626
DATA cm26<>+24(SB)/8, $0x2626262626262626
GLOBL cm26<>(SB), RODATA|NOPTR, $32

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
