// The names of the generated space's knobs, one function per knob family. A name is
// built and read only through these, so a rule that adds a knob and the code that reads
// it cannot drift apart. The names are kept in tuning records (a candidate's decisions),
// so they never change: "<stage>.<family>" or "<stage>.<family>.<axis or input>", and
// "<stage>.channel/<option>" for the channel tile's options (axis names are the op's
// identifiers and never contain "/", so these cannot collide with its axis splits).
#pragma once

#include <string>

namespace tessera::tune {

// TileRule / SpatialRule: the split of `axis` of `stage`.
inline std::string TileKnobName(const std::string& stage, const std::string& axis) {
  return stage + ".tile." + axis;
}
// TileRule: how much of the register tile and the inner reduction is unrolled.
inline std::string UnrollKnobName(const std::string& stage) { return stage + ".unroll"; }
// TileRule: whether the accumulator is a cache_write "local" stage.
inline std::string CacheWriteKnobName(const std::string& stage) { return stage + ".cache_write"; }
// TileRule: where operand `input` is packed (0: not packed).
inline std::string PackKnobName(const std::string& stage, const std::string& input) {
  return stage + ".pack." + input;
}
// TileRule: whether the two innermost spatial axes are tiled as one (FusedAxes.h).
inline std::string FuseKnobName(const std::string& stage) { return stage + ".fuse"; }
// InlineRule: whether `stage` is inlined into its readers.
inline std::string InlineKnobName(const std::string& stage) { return stage + ".inline"; }
// RfactorRule: the partial results' count (0: reduced as written).
inline std::string RfactorKnobName(const std::string& stage) { return stage + ".rfactor"; }
// AttachRule: the consumer `stage` is computed at (0: the root).
inline std::string AttachKnobName(const std::string& stage) { return stage + ".attach"; }

// ChannelTile (TileRule's variant): whether it is chosen.
inline std::string ChannelKnobName(const std::string& stage) { return stage + ".channel"; }
// ChannelTile: the split of the channel axis or of the column axis.
inline std::string ChannelSplitKnobName(const std::string& stage, const std::string& axis) {
  return stage + ".channel." + axis;
}
inline std::string ChannelOrderKnobName(const std::string& stage) {
  return stage + ".channel/order";
}
inline std::string ChannelChunkKnobName(const std::string& stage) {
  return stage + ".channel/chunk";
}
inline std::string ChannelProducerKnobName(const std::string& stage) {
  return stage + ".channel/producer";
}
inline std::string ChannelRowsKnobName(const std::string& stage) { return stage + ".channel/rows"; }
inline std::string ChannelWindowKnobName(const std::string& stage) {
  return stage + ".channel/window";
}
inline std::string ChannelPackKnobName(const std::string& stage) { return stage + ".channel/pack"; }
inline std::string ChannelEpilogueKnobName(const std::string& stage) {
  return stage + ".channel/epilogue";
}
// ChannelTile of a depthwise stage (DepthwiseTile.h): where its input is packed in blocks.
inline std::string ChannelBlockedKnobName(const std::string& stage) {
  return stage + ".channel/blocked";
}
// PhasedProducer.h
inline std::string PhasesKnobName(const std::string& stage) { return stage + ".phases"; }
// ShiftedTaps.h
inline std::string TapsKnobName(const std::string& stage) { return stage + ".taps"; }
// TilePrefetch.h
inline std::string PrefetchKnobName(const std::string& stage) { return stage + ".prefetch"; }

}  // namespace tessera::tune
