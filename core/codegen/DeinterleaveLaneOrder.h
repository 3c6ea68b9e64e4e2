// Stride-2 loads on AVX2 computed in the order `vshufps` leaves their lanes.
//
// Eight 32-bit lanes at stride 2 (a strided window's taps: pad[.., 2x + r]) are taken
// from two 8-lane vectors. In element order that is a shuffle across the two 128-bit
// halves of a ymm register, which AVX2 does in two instructions: a `vshufps` that picks
// within each half, then a `vpermpd` that restores the order. A store whose value is
// built lane by lane from such taps (sums and products of taps, broadcasts and constants)
// can instead be computed with every vector in the order `vshufps` gives — lanes
// 0 1 4 5 2 3 6 7 — and put back in element order once, before the store: one `vpermpd`
// per store instead of one per tap. On a window of 9 taps that removes 8 of every 9.
//
// Run on optimized IR, before instruction selection. Only for x86 targets whose widest
// vector is 256 bits (AVX-512's `vpermt2ps` takes any such pick in one instruction).
#pragma once

namespace llvm {
class Function;
}

namespace tessera::codegen {

// Rewrites the stores of `f` where it saves shuffles; returns how many stores it rewrote.
int ComputeDeinterleavedTapsInLaneOrder(llvm::Function& f);

}  // namespace tessera::codegen
