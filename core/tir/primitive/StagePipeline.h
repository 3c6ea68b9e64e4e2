// TVM's region cover and stage pipeline properties of a scope (ScheduleState's
// CheckRegionCoverAndStagePipeline), computed from the current tree rather than kept as
// flags across primitives:
// - a block has region cover when, at each loop (or the scope) where it meets the earlier
//   blocks writing what it reads, their writes relaxed over the loops below that place
//   (a lower bound: exact for affine bindings, nothing otherwise) cover its reads relaxed
//   the same way (an upper bound), within the buffer's shape;
// - a scope is a stage pipeline when each child block has region cover and no block
//   writes a buffer an earlier block read (no write-after-read dependency).
#pragma once

#include "support/Result.h"
#include "tir/ScheduleState.h"

namespace tessera::tir {

bool HasRegionCover(const ScheduleState& state, const BlockRealizeNode* scope,
                    const BlockRealizeNode* consumer);

// NotRegionCoverError naming the scope when a child block reading `buffer` lacks region
// cover (TVM's CheckRegionCover of cache_read and cache_inplace).
Status CheckRegionCover(const ScheduleState& state, const BlockRealizeNode* scope,
                        const Buffer& buffer);

// NotStagePipelineError naming the scope (GetScopeRoot with require_stage_pipeline).
Status CheckStagePipeline(const ScheduleState& state, const BlockRealizeNode* scope);

}  // namespace tessera::tir
