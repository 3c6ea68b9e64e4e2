// InlineRule: an element-wise stage that is not an output (a padding, a relay between a
// reduction and its epilogue) is compute_inline'd into its readers, or stays at the root
// in parallel over its two outer axes (MetaSchedule's auto_inline.cc). Knob
// <stage>.inline: 1 inlines, 0 keeps it (fixed to 1 for an epilogue's relays).
// Kept, and the broadcast operand of a chosen ChannelTile, it is stored in the order that
// tile reads it and may be computed at the tile's chunk loop (ChannelTile.h); read by a
// tile in phases (PhasedProducer.h), it is left to that tile.
#pragma once

#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& InlineRule();

}  // namespace tessera::tune
