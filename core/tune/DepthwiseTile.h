// DepthwiseTile: ChannelTile (ChannelTile.h) for a depthwise reduction, where the tensor
// read with the column is indexed by the channel axis `a` too — a depthwise convolution
// (a grouped one with one channel per group), pad[n, c, s*y + ry, s*x + rx] * w[c, 0, ry, rx].
// Vectorized along `a` as ChannelTile is, but nothing is broadcast: the input is packed in
// blocks of `a`, [a // T, its other dimensions..., a % T] (PackInBlocks: register
// transposes of its NCHW planes), so that every window tap reads, per column of the tile,
// T / lanes contiguous vectors at any stride (the stride moves the address only), as
// oneDNN's jit_dw reads its nChw8c / nChw16c source; the weights are packed in the same
// blocks, one vector per tap shared by the tile's columns. With blocked inputs
// (TargetInfo::blocked.inputs) both placeholders are laid out so instead of copied
// (CopyInBlocks), and <stage>.channel/blocked below only moves the rows; with blocked
// outputs (TargetInfo::blocked.outputs) the output is laid out in the same blocks
// (LayOutOutputInBlocks), its copy out one vector of channels per column. An element-wise
// producer between the input and the stage (the padding) is inlined: its guard depends on
// the pixel only, the same for a vector of channels, and the lowering cuts the column tiles
// where it holds (LoopPartition), so the interior tiles read without a guard.
//
// Loops: the axes before `a` and the blocks of `a` fused and parallel, the other axes
// (conv2d's output rows) inside or fused too (below); the accumulator ([..., column, a], `a`
// innermost) one output row at a time, its column tiles around the window, the columns and
// vectors unrolled; the copy out transposed to the output's layout.
// Knobs: ChannelTile's splits of `a` and of the column, its order (for a depthwise tile:
// 0, the tile's weight vectors live through a tap; 1, one at a time) and window (every
// reduction axis unrolled), and <stage>.channel/blocked: 0, the input packed once per call
// at the root, in parallel over the blocks (the rows fused into the parallel loop); 1, one
// block at a time in the parallel loop, just before its rows are read (MobileNetV2's 144
// channels of 56 x 56 on AVX2: 100 KB, in L2), the rows then inside that loop; with an
// element-wise epilogue, ChannelTile's <stage>.channel/epilogue.
// Seeds: one and two vectors of `a`, the most columns that fit ChannelTile's register
// budget (the window's share), vectors outer, the window unrolled, with either copy.
#pragma once

#include <cstddef>
#include <string>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/TargetInfo.h"

namespace tessera::tune {

struct Decisions;
struct StageRule;

// The tensor a depthwise reduction reads with both the channel and the column, and the
// input packed in blocks for it.
struct DepthwiseOperand {
  std::string read;   // the tensor `op` reads (conv2d's padding, or the input itself)
  std::string input;  // the placeholder packed: `read`, or what its element-wise producer reads
  size_t dim = 0;     // the input's dimension indexed by the channel alone
  bool defined() const { return !read.empty(); }
};

// The operand of `op` other than `packed` that every load indexes with `channel` alone in
// one dimension, with `column` in another, and with a spatial axis in each of the others
// (a window, not a contraction: K[b, j, d] of a batched Q K^T has a dimension of the
// reduction alone); a placeholder, or an element-wise stage reading one placeholder whose
// every load indexes it with that stage's own axis alone at the channel's position.
DepthwiseOperand FindDepthwiseOperand(const te::ComputeOpNode& op, const ir::Var& channel,
                                      const std::string& packed);

// Applies the depthwise tile to `rule`'s stage (rule.channel.depthwise).
Status ApplyDepthwiseTile(schedule::Schedule& sch, const StageRule& rule, const Decisions& d,
                          const TargetInfo& target);

}  // namespace tessera::tune
