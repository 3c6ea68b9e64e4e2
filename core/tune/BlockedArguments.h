// BlockedArguments: which of a kernel's arguments its caller hands in the blocked layouts
// the design space would pack them in, as a library's blocked primitive is handed its
// tensors (oneDNN's nChw8c / nChw16c). Never read from the machine and off by default:
// the kernel's arguments are then no longer the te definition's layouts, so records tuned
// with either are another workload's (Fingerprint.h).
#pragma once

#include <cstdint>

namespace tessera::tune {

struct BlockedArguments {
  // A placeholder that a route packs in blocks is laid out so (transform_layout) instead
  // of copied (ChannelTile.h's CopyInBlocks).
  bool inputs = false;
  // The output whose accumulator a route stores with the channel innermost is laid out in
  // blocks of that channel, so the copy out writes whole vectors instead of transposing
  // (ChannelTile.h's LayOutOutputInBlocks).
  bool outputs = false;
  // The channels of a block as the caller's tensors have them (oneDNN's nChw16c: 16); 0
  // leaves it to each route, whose block is also its tile's width of channels. A route
  // whose block it does not divide hands nothing in blocks.
  int64_t block = 0;
  bool any() const { return inputs || outputs; }
};

// The block an argument is handed in where a route packs it in blocks of `block`: the
// run's own where it divides `block` (a tile then spans several), 0 where it does not.
inline int64_t HandedBlock(const BlockedArguments& blocked, int64_t block) {
  if (blocked.block <= 0) return block;
  return block % blocked.block == 0 ? blocked.block : 0;
}

}  // namespace tessera::tune
