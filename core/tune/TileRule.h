// TileRule: a reduction that is an output, or whose element-wise epilogue is the output
// (EpilogueRule.h), gets multi-level tiling "SSRSRS" for CPUs (MetaSchedule's
// multi_level_tiling.cc, Ansor's sketches): every spatial axis split in 4 levels, every
// reduce axis in 2, loop order S0 S1 R0 S2 R1 S3; the S0 loops fused and parallel; the
// innermost S3 loop vectorized (a multiple of the vector width); the other S3 loops (the
// register tile) unrolled; optionally cache_write of the accumulator (computed in "local"
// inside the S1 loops and copied out) and packing of operands (cache_read into a
// contiguous buffer at the S0 or S1 loop). Or, where one operand is invariant along an
// output axis, the register tile vectorized along that axis (ChannelTile.h: conv2d along
// its output channels). Or, where every operand reads the two innermost axes as its last
// two indices, those two tiled as one axis (FusedAxes.h: a 1x1 convolution in NCHW as the
// GEMM over the whole plane; an operand read at strides first copied in phases).
//
// Knobs: <stage>.tile.<axis> (every spatial and reduce axis), <stage>.unroll (0: none,
// 1: the register tile's rows, 2: also the inner reduction), <stage>.cache_write,
// <stage>.pack.<input> (0: not packed, 1: at S0, 2: at S1, not with cache_write; for an
// input read transposed along the vectorized axis — K of Q K^T as K[b, j, d], W of a dense
// layer's X W^T — also 3: packed once per call into column panels [j // nr, ..., j % nr] as
// register transposes, where nr, the tile's columns, divides the axis, and 4: the same
// panels packed inside the loops, one block's at a time at the deepest outer loop whose
// inner loops all read that panel; with an epilogue only that operand has the knob, with
// choices 0, 3 and 4), <stage>.phases where it reads an
// element-wise producer at a column stride (PhasedProducer.h), <stage>.fuse and the fused
// axis's <stage>.tile.<a>.<b>.fused where FusedAxes.h applies, then ChannelTile's.
//
// The register tile is sized for the target read at run time (TargetInfo): the
// innermost factor is a multiple of the vector width, and the accumulators of the
// register tile (rows x vectors) fit the vector registers with room for the operands.
// Tiles need not divide their axis where divisors offer no good one: register rows, and
// whole vectors of columns when a tile of 1, 2 or 4 vectors does not divide the
// vectorized extent (a GEMM of primes, 1013 columns: 63 tiles of 16 and a peeled tile of
// 5; a 28 x 28 plane on AVX-512: 12 tiles of 64 and one of 16) — the outer factors cover
// the extent and the lowering peels the last, partial tile.
//
// Seeds, after ChannelTile's: the structures of hand-written CPU kernels (a packed
// operand panel per parallel column block with an mr x nr register tile inside the whole
// reduction; a register tile inside all reductions parallel over row blocks; a
// cache_write accumulator block with the reduction unrolled), with mr x nr derived from
// the target's vector width and register count, ranked by useful lanes per load (1024
// rows, AVX2: 6x16 — rows ragged —, 4x16, 2x32, 13x8; AVX-512: 6x64, 4x64, 14x32, 8x32;
// rows along an axis the vector operand depends on, a batched matmul's batch, each load
// their own vectors of it).
// Where no operand streams along the columns but one is read transposed, the panel seeds
// pack that one into column panels instead, at the root and per block. Where the
// best-ranked tile's panel over the whole reduction does not fit half of L1 (its size
// read at run time, TargetInfo), its panel seed also comes with the first reduction axis
// sliced to fit, outside the row tiles, so that every row tile of the column reads the
// slice from L1. The tuner measures them first and evolves from the best.
#pragma once

#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& TileRule();

}  // namespace tessera::tune
