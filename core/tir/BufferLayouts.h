// BufferLayouts: what the transform_layout and transform_block_layout instructions of a
// TensorIR schedule's trace made of their buffers and blocks (RFC 0077), for the Buffer
// layout view and `tessera-cli layout`.
//
// A buffer's layout is analysed at the shape it had when the primitive ran (the trace
// replayed up to it on the schedule's original function); how the schedule honours the
// padding is read from the scheduled function:
//  - an input: the assumption block `buffer_<name>_assumptions` promises the padding
//    holds the pad value (`T.assume(not pad or A[...] == pad_value)`);
//  - a producer rewritten to traverse the padded shape, storing
//    `T.if_then_else(pad, pad_value, value)`: overcompute, every cell written once;
//  - a separate block `buffer_<name>_padding` writing the pad value under `T.where(pad)`
//    after the producer: branching, the producer's loops untouched.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "layout/PadValue.h"
#include "layout/PaddedLayout.h"
#include "tir/IndexMap.h"
#include "tir/Schedule.h"

namespace tessera::tir {

struct TransformedLayout {
  size_t trace_index = 0;  // the instruction in the schedule's trace
  std::string block;       // the block transform_layout named, or the rewritten block
  // A transform_layout: the buffer; a transform_block_layout: empty (the block's
  // iteration space is the "buffer": logical = its iterators' extents).
  std::string buffer;
  ir::DataType dtype = ir::DataType::Float(32);
  layout::PaddedLayout layout;
  IndexMap index_map;
  IndexMap pad_value;  // as given; null for None
  bool assume_injective_transform = false;
  // transform_block_layout: the block's iterators before the map, "vi:S".
  std::vector<std::string> iterators;

  bool iteration_space() const { return buffer.empty(); }
};

// Every transform_layout and transform_block_layout of the trace, in trace order (a buffer
// transformed twice is listed twice). An instruction whose replay or layout analysis fails
// is left out: the schedule applied it, so that only happens to a map the layout analysis
// does not cover.
std::vector<TransformedLayout> TransformedLayoutsOf(const Schedule& sch);

// The pad value of transform_layout as a layout::PadValue: a constant, a function of the
// physical indices, or none.
layout::PadValue PadValueOf(const IndexMap& pad);

// How the scheduled function keeps the padding of `buffer` (see above). Block names in
// the order the function holds them.
struct PaddingHandling {
  std::vector<std::string> overcompute;  // blocks storing T.if_then_else(pad, value, ...)
  std::vector<std::string> producers;    // other blocks storing into the buffer
  std::string assumption_block;          // "buffer_A_assumptions", or empty
  std::string padding_block;             // "buffer_A_padding", or empty
};
PaddingHandling PaddingHandlingOf(const Schedule& sch, const std::string& buffer);

}  // namespace tessera::tir
