// TirBufferLayouts: the buffers of a TensorIR schedule that transform_layout rewrote and
// the blocks transform_block_layout rewrote, for the Buffer layout view: the analysis of
// tir/BufferLayouts.h (the layout at the shape the buffer had when the primitive ran,
// which blocks keep the padding) with the sentences the view shows for it.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "tir/Schedule.h"
#include "views/DocumentState.h"

namespace tessera::views {

struct TirBufferLayout {
  BufferLayoutInfo info;
  size_t trace_index = 0;  // the transform's instruction in the schedule's trace
  QString block;           // the block whose buffer transform_layout named
  QString index_map;       // "lambda i: (i // 4, i % 4,)" as the trace prints it
  QStringList plan;        // how the padding is honoured, one sentence per block involved
  // A transform_block_layout: info describes the block's iteration space, not a buffer.
  bool iteration_space = false;
};

// Every buffer a transform_layout of the trace rewrote and every block whose iteration
// space a transform_block_layout rewrote, in trace order (a buffer transformed twice is
// listed twice). A transform whose replay or layout analysis fails
// is left out: the schedule applied it, so that only happens to a map the layout
// analysis does not cover.
std::vector<TirBufferLayout> TirBufferLayoutsOf(const tir::Schedule& sch);

// What the last instruction of `after`'s trace, a transform_layout, made of its buffer:
// "B: [14] → [4, 4] · padding 2 of 16 cells (12.5 %) · 8 bytes wasted", then how the
// padding is honoured. For a dialog's preview of the schedule a dry run gave.
QString TirLayoutPreviewText(const tir::Schedule& after);

}  // namespace tessera::views
