// Strided vector loads that share their elements. A window read at a stride (a stride-2
// convolution's taps: pad[.., 2x + 0], pad[.., 2x + 1], pad[.., 2x + 2] in NCHW) reads
// each tap as its own span of stride x lanes elements, two vector loads apiece, though
// the taps' spans overlap almost entirely. Over a run of stores with nothing between
// them that could write the buffer, such loads are grouped by everything but a constant
// offset of their last index; where the taps of a group read every element from the
// first to the last (so all of it is in bounds), the span is loaded once, as a few
// vectors, and each tap is one shuffle of two of them.
// With shifted taps, a tap whose neighbour one stride above is in the span is not read
// from the vectors: it is that neighbour's lanes moved up one lane, its first lane the
// element at its own offset, loaded alone (a chain of such neighbours moves m lanes and
// loads m elements). Only the taps at the top of their chains are loaded as vectors:
// for a 3-wide stride-2 window, taps 1 and 2 from two vectors at the row's start
// instead of four, one of them across a cache line, at the price of a lane move and a
// blend for tap 0. Which costs less depends on the core, so it is the schedule's choice
// (`pragma(x, "shifted_taps")`).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "ir/Stmt.h"

namespace tessera::codegen {

// One span of a buffer, loaded as vectors of chunk_lanes elements.
struct SharedSpan {
  ir::Buffer buffer;
  std::vector<ir::Expr> leading;  // the scalar indices before the last
  ir::Expr first;                 // the last index of the span's first element
  int64_t chunk_lanes = 0;
  std::vector<int64_t> chunk_starts;  // element offsets from `first`, ascending
  std::vector<int64_t> elements;      // loaded alone for shifted taps, ascending offsets
};

// A load read from a span: lane k is element offset + k * stride. Without a shift it is
// taken from chunk `low` or, where that does not hold it, chunk `high`. With shift m, the
// tap at offset + m * stride is so taken and moved up m lanes; lanes 0 to m - 1 are the
// span's lone elements at offset, offset + stride, ...; a guarded read (an
// if_then_else's branch: a padding's read, its offset below the span) loads its lane 0
// itself, where its guard holds.
struct SpanRead {
  size_t span = 0;
  int64_t offset = 0;
  int64_t stride = 0;
  int lanes = 0;
  size_t low = 0;
  size_t high = 0;
  int shift = 0;
  bool guarded = false;
};

struct SharedSpans {
  std::vector<SharedSpan> spans;
  std::unordered_map<const ir::BufferLoadNode*, SpanRead> reads;
};

// The shared spans of `run`, a sequence of BufferStore statements executed in order (a
// run holding any other statement has none).
// The spans are made of unconditional loads: not those under a Let (their indices may
// name its variable) or in an if_then_else's branch (they may not be read). A branch that
// is a load at a tap's own offset is read from the span too (its elements are the tap's);
// with shifted taps, so is one a stride below a tap (a padding's read: a guarded
// SpanRead). Left out: any buffer a store of the run writes, and every load of a run that
// calls an impure function (it may write the buffer). `max_stride` bounds the strides
// considered; `shifted_taps` derives taps from their neighbours as above.
SharedSpans FindSharedSpans(const std::vector<ir::Stmt>& run, int64_t max_stride,
                            bool shifted_taps = false);

}  // namespace tessera::codegen
