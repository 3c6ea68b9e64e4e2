// TirBufferLayouts: the buffers of a TensorIR schedule that transform_layout rewrote, for
// the Buffer layout view: the logical shape the buffer had when the primitive ran (the
// trace replayed up to it on the schedule's original function), the index map and the
// pad value it was given, and how the schedule honours the padding (RFC 0077):
//  - an input: the assumption block `buffer_<name>_assumptions` promises the padding
//    holds the pad value (`T.assume(not pad or A[...] == pad_value)`);
//  - a producer rewritten to traverse the padded shape, storing
//    `T.if_then_else(pad, pad_value, value)`: overcompute, every cell written once;
//  - a separate block `buffer_<name>_padding` writing the pad value under `T.where(pad)`
//    after the producer: branching, the producer's loops untouched.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "tir/Schedule.h"
#include "views/DocumentState.h"

namespace tessera::views {

struct TirBufferLayout {
  BufferLayoutInfo info;
  QString block;      // the block whose buffer transform_layout named
  QString index_map;  // "lambda i: (i // 4, i % 4,)" as the trace prints it
  QStringList plan;   // how the padding is honoured, one sentence per block involved
};

// Every buffer a transform_layout of the trace rewrote, in trace order (a buffer
// transformed twice is listed twice). A transform whose replay or layout analysis fails
// is left out: the schedule applied it, so that only happens to a map the layout
// analysis does not cover.
std::vector<TirBufferLayout> TirBufferLayoutsOf(const tir::Schedule& sch);

}  // namespace tessera::views
