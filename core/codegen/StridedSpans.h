// Strided vector loads that share their elements. A window read at a stride (a stride-2
// convolution's taps: pad[.., 2x + 0], pad[.., 2x + 1], pad[.., 2x + 2] in NCHW) reads
// each tap as its own span of stride x lanes elements, two vector loads apiece, though
// the taps' spans overlap almost entirely. Over a run of stores with nothing between
// them that could write the buffer, such loads are grouped by everything but a constant
// offset of their last index; where the taps of a group read every element from the
// first to the last (so all of it is in bounds), the span is loaded once, as a few
// vectors, and each tap is one shuffle of two of them.
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
};

// A load read from a span: lane k is element offset + k * stride, taken from chunk
// `low` or, where that does not hold it, chunk `high`.
struct SpanRead {
  size_t span = 0;
  int64_t offset = 0;
  int64_t stride = 0;
  int lanes = 0;
  size_t low = 0;
  size_t high = 0;
};

struct SharedSpans {
  std::vector<SharedSpan> spans;
  std::unordered_map<const ir::BufferLoadNode*, SpanRead> reads;
};

// The shared spans of `run`, a sequence of BufferStore statements executed in order (a
// run holding any other statement has none).
// Loads under an if_then_else's branches or a Let are left out (they may not be read);
// so is any buffer a store of the run writes, and every load of a run that calls an impure
// function (it may write the buffer). `max_stride` bounds the strides considered.
SharedSpans FindSharedSpans(const std::vector<ir::Stmt>& run, int64_t max_stride);

}  // namespace tessera::codegen
