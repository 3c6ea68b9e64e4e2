// ChannelTile: a variant of the tile rule (TileRule.h) for reductions whose
// output has an axis `a` (not the innermost) along which one operand is invariant and
// another can be packed contiguous — conv2d's output channels (the input does not move
// with f; the weights do, in one index), a batched contraction's row axis. The register
// tile is then vectorized along `a` instead of along the innermost axis, as oneDNN's
// direct convolution and TVM's topi x86 conv2d_NCHWc do:
//
//   the operand that moves with `a` is packed once per call (cache_read at the root,
//     transform_layout to [a // T, its other dims..., a % T]: T = tile of `a`), so one
//     reduction step reads its T values of `a` as T / lanes contiguous vectors;
//   the invariant operand is broadcast, one value per column of the tile;
//   the accumulator (cache_write "local", computed at the output's column-tile loop)
//     is stored with `a` innermost, so that each accumulator is one whole vector that
//     LLVM keeps in a register; it loops over the reduction in the definition's order
//     (results rounded as the te oracle's), then columns and vectors of `a` unrolled;
//   the output's loops: the blocks of `a` and the other axes fused and parallel, then
//     the column tiles; the copy to the output vectorized along its innermost axis, or,
//     with blocked outputs (TargetInfo::blocked.outputs), the output laid out in the
//     blocks of `a` (LayOutOutputInBlocks) and the copy vectorized along them.
//
// Knobs: <stage>.channel (0: the ordinary tile rule; 1: this rule), <stage>.channel.<a>
// (`a` split in two: blocks, T a multiple of the vector width), <stage>.channel.<col>
// (the innermost axis split in two: column tiles, X columns; X need not divide the
// extent: the last tile is peeled, as oneDNN's 56 = 18 x 3 + 2),
// <stage>.channel/order (0: columns outer, each broadcast value feeds the T / lanes
// vectors; 1: vectors outer, each operand vector feeds the X columns — live registers
// T / lanes x X accumulators + T / lanes + 1, or + X + 1), <stage>.channel/chunk (0: the
// accumulator is computed at the column tile, the whole reduction inside; C > 0: at the
// parallel loop, a whole row of tiles, the first reduction axis split by C outside the
// column tiles, so that the packed operand's C steps stay in L1 across the row — the
// accumulators are stored and reloaded once per chunk, as oneDNN's input-channel blocks),
// <stage>.channel/producer (with chunks, when the broadcast tensor is a compute stage:
// 0, its producer at the root; 1, computed inside the accumulator at the chunk loop —
// the chunk's rows of conv2d's padded input written into L1 and read there, instead of a
// separate pass over the whole padded input in its own parallel region),
// <stage>.channel/rows (0: the blocks of `a` outermost in the fused parallel loop, each
// core on its own blocks of the packed operand; 1: innermost, each core on a band of the
// other axes — conv2d's output rows — for every block, so that it reads mostly the rows of
// a producer at the root that it computed itself),
// <stage>.channel/window (when the reduction axes after the first span at most
// kMaxUnrolledWindow steps — conv2d's 3 x 3 window: 0, their loops as they are (LLVM
// unrolls the innermost one, kx, by itself); 1, all of them unrolled, so that one step of
// the first axis (an input channel) is one straight block of window x tile FMAs).
// <stage>.channel/pack (with chunks, when the broadcast tensor is an input read as it is —
// a 1x1 convolution's NCHW data, searched as the GEMM it is: channel blocks x pixel tiles
// over packed operands: 0, read in place; 1, the chunk's rows copied into one contiguous
// block at the chunk loop, so the reduction steps read it at unit stride instead of one
// channel plane apart; 2, where the tile reads that input at a column stride s > 1 — a
// strided convolution —, the copy stored in s phases holding only the columns read,
// each phase read at unit stride: StridedPack.h).
// <stage>.channel/epilogue (with an element-wise epilogue, EpilogueRule.h — a dense layer's
// bias and GELU: 0, computed in the output's loops, each of its vectors gathered across the
// accumulator stored with `a` innermost; 1, a stage of its own laid out as the accumulator
// — cache_write of the output, computed where the accumulator is — running on the
// accumulator's whole vectors, the output then a copy of it).
// Which of these wins depends on the machine; bench/README.md has the measurements.
// A depthwise stage, whose other operand moves with `a` too (nothing to broadcast), gets
// DepthwiseTile.h's loops and knobs instead.
// With a window the accumulators fill at most 3/4 of the registers, the operands the
// rest; without one (1x1, GEMM) the accumulators and operands fill the register file as
// a GEMM micro-kernel's do (AVX-512: 2 x 14 + 3). Seeds: 1, 2
// and 4 vectors of `a` with the most divisor columns that fit half the registers
// (AVX-512: 2 x 8, AVX2: 2 x 4), each with the blocks of `a` outer and with rows outer,
// and the densest tiles of 4, 3 (where they divide `a`) and 2 vectors (AVX2: 4 x 3,
// vectors outer) chunked so that a chunk's operand block fits 16 KiB — where the whole
// reduction's block fits too (a pointwise convolution of few input channels), first
// without chunks —, with the window's loops kept and unrolled, and without a window also with the
// broadcast input packed per chunk (and, read at a column stride, in phases); the invariant
// operand's element-wise producer (conv2d's padding) not inlined (its guards would run in
// the inner loop), computed at the chunk loop in the chunked seeds; its innermost loop
// vectorized (a guard becomes a mask); an epilogue in the accumulator's layout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/StridedPack.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

struct Knob;
struct Decisions;
struct StageRule;

// Where the rule applies in a reduction (empty axis: nowhere).
struct ChannelAxis {
  std::string axis;          // `a`, an axis of the output (not the innermost)
  std::string column;        // the output's innermost axis
  std::string packed;        // the placeholder read with `a` as one of its indices
  size_t packed_dim = 0;     // that index
  std::string broadcast;     // the tensor (a placeholder or a compute stage) invariant along `a`
  int64_t chunk_extent = 0;  // the first reduction axis's extent (conv2d's input channels)
  int64_t window = 1;        // the product of the other reduction axes' extents (3 x 3)
  // The broadcast tensor's dimensions in the order its producer stores them (when it is a
  // compute stage): first those indexed by the output's other axes, then the reduction's,
  // the column's last — conv2d's padding [n, c, h, w] as [n, h, c, w], so that the rows
  // one output row reads are one contiguous block instead of one plane per channel.
  std::vector<size_t> broadcast_layout;
  bool broadcast_computed = false;  // the broadcast tensor is a compute stage's output
  ColumnStride column_stride;       // how the broadcast tensor's loads index the column
  // A depthwise reduction (DepthwiseTile.h): the tensor read with the column (`broadcast`
  // above) is indexed by `a` too, so it is not broadcast but read in blocks of `a`: the
  // input `blocked` (that tensor, or the input its inlined element-wise producer reads —
  // conv2d's padding), `a` alone in its dimension `blocked_dim`. The window is then every
  // reduction axis (chunk_extent 0: no chunks).
  bool depthwise = false;
  std::string blocked;
  size_t blocked_dim = 0;
  bool defined() const { return !axis.empty(); }
};

// The first axis of `op` where the rule applies: its extent a multiple of `lanes`; a
// placeholder among `packable` indexed by that axis's variable alone in exactly one
// index and not moving with the innermost axis; another tensor read without that axis
// and moving with the innermost axis, or, depthwise, read with both (DepthwiseTile.h).
ChannelAxis FindChannelAxis(const te::ComputeOpNode& op, const std::vector<std::string>& packable,
                            const std::vector<int64_t>& extents, int lanes);

// The rule's knobs for stage `stage` (extents of `a` and of the column axis; the
// reduction's from `c`; `epilogue`: the stage has an element-wise epilogue).
std::vector<Knob> ChannelKnobs(const std::string& stage, const ChannelAxis& c, int64_t axis_extent,
                               int64_t column_extent, bool epilogue, const TargetInfo& target);

// Whether `d` chooses the rule for `rule`'s stage.
bool ChannelTileOn(const Decisions& d, const StageRule& rule);
// Whether `d` chooses the rule with the epilogue in a stage of its own, laid out as the
// accumulator (<stage>.channel/epilogue = 1; EpilogueRule.h's MakeAccumulator).
bool ChannelEpilogueOwnStage(const Decisions& d, const StageRule& rule);
// Whether `d` chooses the rule with chunks and its broadcast producer computed at the
// chunk loop (the producer's Inline rule then leaves it serial: ApplyChannelTile attaches
// it); not when another stage reads the producer too.
bool ChannelProducerAtChunk(const schedule::Schedule& sch, const Decisions& d,
                            const StageRule& rule);
// The register tile fits half of the vector registers and every core gets a block.
bool ChannelTileFits(const Decisions& d, const StageRule& rule, const std::vector<int64_t>& extents,
                     const TargetInfo& target);
// The rule's seeds on top of `base` (see above).
void AddChannelSeeds(const StageRule& rule, const Decisions& base,
                     const std::vector<int64_t>& extents, const TargetInfo& target,
                     std::vector<Decisions>* out);
// Stores `producer` (the broadcast tensor's element-wise stage, left at the root) in
// `c.broadcast_layout`'s order, its innermost loop vectorized; nothing when that is its
// own order (ApplyChannelTile then vectorizes it).
Status LayOutBroadcastProducer(schedule::Schedule& sch, const schedule::Stage& producer,
                               const ChannelAxis& c, const TargetInfo& target);
// Lays out `copy` (a cache_read of an operand, at the root) in blocks of `block` along
// its dimension `dim`, [d_dim // block, the other dimensions..., d_dim % block], copied in
// parallel over the blocks as register transposes where the shapes allow: a block is
// then a contiguous panel whose rows are `block` consecutive elements of `dim`.
// The layout [d0, ..., dk] -> [d0, ..., (no d_j), ..., dk, d_j] of a rank-`rank` tensor.
ir::IndexMap InnermostMap(size_t rank, size_t j);
// The columns the output's copy out of a row-wide accumulator (a row of `extent` columns)
// writes at a time, one vector of that many lanes per channel.
int64_t CopyColumns(int64_t extent, int64_t lanes);
// Not `parallel`: the copy is computed inside a parallel loop (one block at a time).
Status PackInBlocks(schedule::Schedule& sch, const schedule::Stage& copy, size_t dim, int64_t block,
                    const TargetInfo& target, bool parallel = true);
// `operand` in blocks of `block` along its dimension `dim` for `reader`: with
// target.blocked.inputs and `operand` a placeholder, laid out itself as a library's
// blocked primitive is handed it, [d0, ..., d_dim // block, ..., dk, d_dim % block] (nChw8c
// for NCHW's channels; nothing copied, the result is empty); otherwise a copy of it for `reader` (a
// cache_read at the root), laid out by PackInBlocks (`parallel` as there) and returned.
Result<schedule::Stage> CopyInBlocks(schedule::Schedule& sch, const schedule::Stage& operand,
                                     const schedule::Stage& reader, size_t dim, int64_t block,
                                     const TargetInfo& target, bool parallel = true);
// With target.blocked.outputs and `outer` (an accumulator's outer stage) the program's
// output, whose dimension `dim` `block` divides: lays it out in blocks of that dimension
// as CopyInBlocks lays out a handed input and returns its loops in that order, so that the
// copy out of an accumulator stored with `dim` innermost writes whole vectors; nothing
// otherwise (the copy out then transposes into the definition's layout).
Result<std::optional<std::vector<ir::IterVar>>> LayOutOutputInBlocks(schedule::Schedule& sch,
                                                                     const schedule::Stage& outer,
                                                                     size_t dim, int64_t block,
                                                                     const TargetInfo& target);
// The loops of a tile's output (`outer`, an accumulator's outer stage) over `rule`'s
// spatial axes, the accumulator stored with the axis `axis_index` innermost: laid out in
// blocks of that axis (LayOutOutputInBlocks), its loops `axis // block` and `axis % block`
// and one per other axis; otherwise one per axis, the rule's outer loops, none split.
struct TileOutputLoops {
  std::vector<ir::IterVar> axes;         // one per spatial axis; laid out, `axis_index`'s is null
  ir::IterVar block_outer, block_inner;  // laid out only
  // Laid out in blocks of a run's own smaller than the tile's (BlockedArguments::block):
  // the handed blocks within a tile, between block_outer (the tiles) and block_inner.
  ir::IterVar block_middle;
  bool laid_out() const { return block_outer != nullptr; }
};
Result<TileOutputLoops> OutputLoopsOf(schedule::Schedule& sch, const schedule::Stage& outer,
                                      const StageRule& rule, size_t axis_index, int64_t block,
                                      const TargetInfo& target);
// The operand that moves with `c.axis` (`c.packed`), copied once per call for `reader`
// (a cache_read at the root) and laid out in blocks of `block` by PackInBlocks; or handed
// so (CopyInBlocks).
Status PackOperandInBlocks(schedule::Schedule& sch, const ChannelAxis& c,
                           const schedule::Stage& reader, int64_t block, const TargetInfo& target);
// Applies the rule to `rule`'s stage.
Status ApplyChannelTile(schedule::Schedule& sch, const StageRule& rule, const Decisions& d,
                        const TargetInfo& target);

}  // namespace tessera::tune
