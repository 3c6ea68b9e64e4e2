// BlockedArguments: which of a kernel's arguments its caller hands in the blocked layouts
// the design space would pack them in, as a library's blocked primitive is handed its
// tensors (oneDNN's nChw8c / nChw16c). Never read from the machine and off by default:
// the kernel's arguments are then no longer the te definition's layouts, so records tuned
// with either are another workload's (Fingerprint.h).
#pragma once

namespace tessera::tune {

struct BlockedArguments {
  // A placeholder that a route packs in blocks is laid out so (transform_layout) instead
  // of copied (ChannelTile.h's CopyInBlocks).
  bool inputs = false;
  // The output whose accumulator a route stores with the channel innermost is laid out in
  // blocks of that channel, so the copy out writes whole vectors instead of transposing
  // (ChannelTile.h's LayOutOutputInBlocks).
  bool outputs = false;
  bool any() const { return inputs || outputs; }
};

}  // namespace tessera::tune
